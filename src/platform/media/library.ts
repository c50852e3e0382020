import type { Generated, Kysely } from 'kysely';
import type { MediaFile, PreparedImage } from './images';

// Images live in PostgreSQL (table `media`), not on one instance's disk, so every instance
// serves every image. A name is derived from the content, so rows are written once, never changed.

/** The media table (migration 004). */
export interface MediaTables {
  media: { name: string; content_type: string; bytes: Buffer; created_at: Generated<Date> };
}

export async function saveMedia(db: Kysely<MediaTables>, image: PreparedImage): Promise<void> {
  if (!image.files.length) return;
  await db
    .insertInto('media')
    .values(image.files.map((f) => ({ name: f.name, content_type: f.contentType, bytes: f.bytes })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function findMedia(db: Kysely<MediaTables>, name: string): Promise<MediaFile | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['name', 'content_type', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { name: row.name, contentType: row.content_type, bytes: row.bytes } : undefined;
}
