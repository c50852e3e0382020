import type { QueryClient } from '@tanstack/react-query';
import type { NoteSubjectType, NoteView } from '@shared/notes/types';
import { normalisePhone } from '@shared/ordering/constants';
import type { CustomerDetailView } from '@shared/ordering/types';
import { isRecord } from '../../api/http';
import { adminApi } from './client';
import { customerKeys, orderKeys } from './keys';
import type { AdminOrderDetail } from './orders';

// Internal notes (docs/product.md#notes): the one write, and where notes show in the cache: an
// order's detail and a customer's page. The write's answer and any admin's note:added put the
// notes there at once, without reading the whole order or customer again.

/** What a note is about: an order by its id, a customer by their phone (as typed: the digits are what count). */
export interface NoteSubject {
  type: NoteSubjectType;
  id: string;
}

const subjectPath = ({ type, id }: NoteSubject) =>
  type === 'order'
    ? `/api/admin/orders/${encodeURIComponent(id)}/notes`
    : `/api/admin/customers/${encodeURIComponent(normalisePhone(id))}/notes`;

/** `POST …/notes {text}`: the subject's notes with the new one, newest first. */
export const addNote = (subject: NoteSubject, text: string) =>
  adminApi.json<{ message: string; notes: NoteView[] }>(subjectPath(subject), { method: 'POST', body: { text } });

/** Changes the notes of the subject's open detail or page (nothing when it is not open). */
function updateNotes(queryClient: QueryClient, subject: NoteSubject, update: (notes: NoteView[]) => NoteView[]): void {
  if (subject.type === 'order') {
    queryClient.setQueryData<{ order: AdminOrderDetail }>(
      orderKeys.detail(subject.id),
      (detail) => detail && { order: { ...detail.order, notes: update(detail.order.notes ?? []) } },
    );
  } else {
    queryClient.setQueryData<CustomerDetailView>(
      customerKeys.detail(normalisePhone(subject.id)),
      (page) => page && { ...page, notes: update(page.notes) },
    );
  }
}

/** The subject's notes as a write answered them. */
export const showNotes = (queryClient: QueryClient, subject: NoteSubject, notes: NoteView[]) =>
  updateNotes(queryClient, subject, () => notes);

/**
 * `note:added` (any admin's): the note on its subject's open detail or page, first, unless it shows
 * already (the writer's own answer may have come first). Answers the subject and the note, or null
 * when the payload is not one.
 */
export function applyNoteAdded(
  queryClient: QueryClient,
  payload: Record<string, unknown>,
): { subject: NoteSubject; note: NoteView } | null {
  const { subjectType, subjectId, note } = payload;
  if ((subjectType !== 'order' && subjectType !== 'customer') || typeof subjectId !== 'string') return null;
  if (!isRecord(note) || typeof note.id !== 'string' || typeof note.text !== 'string') return null;
  const added = note as unknown as NoteView;
  const subject: NoteSubject = { type: subjectType, id: subjectId };
  updateNotes(queryClient, subject, (notes) =>
    notes.some((shown) => shown.id === added.id) ? notes : [added, ...notes],
  );
  return { subject, note: added };
}
