import type { Decider } from '../../platform/eventstore/command-handler';
import { RuleError } from '../../platform/rule-error';
import { coded } from '../../shared/errors';
import type { NoteSubjectType } from '../../shared/notes/types';
import type { NoteEvent } from './events';

// Pure rules of a subject's notes (docs/product.md#notes): a note is taken for a subject that
// exists (the read models' word, given in the command). Notes are only ever added: the stream's
// state holds nothing a decision needs.

export type NotesState = Record<string, never>;

export interface AddNote {
  type: 'AddNote';
  data: {
    noteId: string;
    subjectType: NoteSubjectType;
    subjectId: string;
    subjectExists: boolean;
    text: string;
    by: string;
    now: string;
  };
}

function decide(command: AddNote): NoteEvent[] {
  const { noteId, subjectType, subjectId, subjectExists, text, by, now } = command.data;
  if (!subjectExists)
    throw new RuleError(404, coded(subjectType === 'order' ? 'order.not_found' : 'customers.not_found'));
  return [{ type: 'NoteAdded', data: { noteId, subjectType, subjectId, text, by, at: now } }];
}

export const notesDecider: Decider<AddNote, NoteEvent, NotesState> = {
  decide,
  evolve: (state) => state,
  initialState: {},
};
