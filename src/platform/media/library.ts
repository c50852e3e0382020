import type { Kysely } from 'kysely';
import type { MediaFile, PreparedImage } from './images';

// Images live in PostgreSQL (table `media`), not on one instance's disk, so every instance
// serves every image. A name is derived from the content, so rows are written once, never changed.

export async function saveMedia(db: Kysely<any>, image: PreparedImage): Promise<void> {
  if (!image.files.length) return;
  await db
    .insertInto('media')
    .values(image.files.map((f) => ({ name: f.name, content_type: f.contentType, bytes: f.bytes })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function findMedia(db: Kysely<any>, name: string): Promise<MediaFile | undefined> {
  const row = await db.selectFrom('media').select(['name', 'content_type', 'bytes']).where('name', '=', name).executeTakeFirst();
  return row ? { name: row.name as string, contentType: row.content_type as string, bytes: row.bytes as Buffer } : undefined;
}
