import type { NoteSubjectType } from '../../shared/notes/types';

// Events of the notes module (docs/product.md#notes): an administrator's internal note on an order
// or a customer. One stream per subject, so a subject's notes read back in the order they were written.

export type NoteEvent = {
  type: 'NoteAdded';
  data: {
    noteId: string;
    subjectType: NoteSubjectType;
    /** The order's id, or the customer's phone. */
    subjectId: string;
    text: string;
    /** The admin's id (read models are rebuilt without the events' metadata). */
    by: string;
    at: string;
  };
};

export const NOTE_EVENT_TYPES: readonly NoteEvent['type'][] = ['NoteAdded'];

export const notesStream = (subjectType: NoteSubjectType, subjectId: string) => `notes-${subjectType}-${subjectId}`;
