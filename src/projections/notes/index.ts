// The notes read model: the only file others import.
export { NOTES_PROJECTION, notesProjection } from './projection';
export { notesOf } from './queries';
export type { NoteRow, NotesTables } from './rows';
