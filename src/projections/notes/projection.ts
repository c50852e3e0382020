import type { Kysely } from 'kysely';
import { NOTE_EVENT_TYPES, type NoteEvent } from '../../modules/notes/events';
import type { Actor, Recorded, StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import { RowFolder } from '../../platform/projections/fold';
import type { Projection } from '../../platform/projections/projection';
import type { Realtime } from '../../platform/realtime/realtime';
import { NOTE_COLUMNS, type NoteRow, type NotesTables } from './rows';

// Administrators' internal notes on orders and customers (docs/product.md#notes), pushed live to
// the other admins, who see them appear in the detail they have open.

export const NOTES_PROJECTION = 'notes';

const SQL_TYPES = sqlTypes(NOTE_COLUMNS);

export interface NotesProjectionDeps {
  db?: Kysely<NotesTables>;
  realtime?: Realtime;
  describeActor?: (actor: Actor) => Promise<string>;
}

export function notesProjection(deps: NotesProjectionDeps = {}): Projection {
  return {
    name: NOTES_PROJECTION,
    tables: ['notes'],
    handles: new Set(NOTE_EVENT_TYPES),
    fold(events) {
      const rows = new RowFolder<NoteRow>('notes', 'id', SQL_TYPES);
      for (const { data } of events as (StoredEvent & NoteEvent)[])
        rows.create(data.noteId, {
          id: data.noteId,
          subject_type: data.subjectType,
          subject_id: data.subjectId,
          text: data.text,
          author: data.by,
          at: data.at,
        });
      return rows.write();
    },
    async afterCommit(events) {
      if (!deps.realtime) return;
      for (const { data } of events as Recorded<NoteEvent>[]) {
        const authorName = (await deps.describeActor?.(data.by)) ?? data.by;
        deps.realtime.broadcast('admins', 'note:added', {
          subjectType: data.subjectType,
          subjectId: data.subjectId,
          note: { id: data.noteId, text: data.text, author: data.by, authorName, at: data.at },
        });
      }
    },
  };
}
