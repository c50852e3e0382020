import type { Kysely } from 'kysely';
import type { NoteSubjectType, NoteView } from '../../shared/notes/types';
import type { NotesTables } from './rows';

/** A subject's notes, newest first, with their authors' names (deleted admins are said to be). */
export async function notesOf(
  db: Kysely<NotesTables>,
  subjectType: NoteSubjectType,
  subjectId: string,
  describeAuthor: (author: string) => Promise<string>,
): Promise<NoteView[]> {
  const rows = await db
    .selectFrom('notes')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('at', 'desc')
    .orderBy('id')
    .execute();
  const names = new Map<string, string>();
  for (const author of new Set(rows.map((row) => row.author))) names.set(author, await describeAuthor(author));
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    author: row.author,
    authorName: names.get(row.author)!,
    at: new Date(row.at).toISOString(),
  }));
}
