import type { NoteSubjectType } from './types';

export const NOTE_SUBJECT_TYPES: readonly NoteSubjectType[] = ['order', 'customer'];

/** The longest note, in characters. */
export const NOTE_MAX = 2000;
