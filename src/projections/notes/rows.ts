import { column, type RowOf } from '../../platform/projections/columns';
import type { NoteSubjectType } from '../../shared/notes/types';

// The notes table (migration 026), declared once: what the projection writes and the queries read.

export const NOTE_COLUMNS = {
  id: column.text(),
  subject_type: column.text<NoteSubjectType>(),
  /** The order's id, or the customer's phone. */
  subject_id: column.text(),
  text: column.text(),
  /** The admin's id. */
  author: column.text(),
  at: column.timestamptz(),
};

export type NoteRow = RowOf<typeof NOTE_COLUMNS>;

export interface NotesTables {
  notes: NoteRow;
}
