import { QueryClient } from '@tanstack/react-query';
import { NOTE_MAX } from '@shared/notes/constants';
import type { NoteView } from '@shared/notes/types';
import type { CustomerDetailView } from '@shared/ordering/types';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { customerKeys, orderKeys } from '../api/keys';
import { applyNoteAdded, showNotes } from '../api/notes';
import type { AdminOrderDetail } from '../api/orders';
import { noteProblem, refusedNoteProblem } from './note-form';

const note = (id: string, text = `note ${id}`): NoteView => ({
  id,
  text,
  author: 'karim',
  authorName: 'Karim Haddad',
  at: '2026-03-05T10:00:00.000Z',
});

describe('the note form’s rule', () => {
  it('refuses a blank note and one too long with the server’s codes, and takes several lines', () => {
    expect(noteProblem('')).toEqual({ code: 'text.required', params: { field: 'Note' } });
    expect(noteProblem(' \n\t ')).toEqual({ code: 'text.required', params: { field: 'Note' } });
    expect(noteProblem('x'.repeat(NOTE_MAX + 1))).toEqual({
      code: 'text.too_long',
      params: { field: 'Note', max: NOTE_MAX },
    });
    // Counted as the server keeps it: trimmed.
    expect(noteProblem(` ${'x'.repeat(NOTE_MAX)} `)).toBeUndefined();
    expect(noteProblem('Called him\nwants the MAG box')).toBeUndefined();
  });

  it('finds the text’s problem in a 400, and nothing in other failures', () => {
    const control = { code: 'text.control', params: { field: 'Note' } };
    expect(refusedNoteProblem(new ApiError('Invalid', 400, {}, { code: 'validation' }, { text: control }))).toEqual(
      control,
    );
    expect(refusedNoteProblem(new ApiError('Not found', 404, {}, { code: 'customers.not_found' }))).toBeUndefined();
    expect(refusedNoteProblem(new TypeError('offline'))).toBeUndefined();
  });
});

describe('notes in the cache', () => {
  function cache() {
    const client = new QueryClient();
    client.setQueryData<{ order: Partial<AdminOrderDetail> }>(orderKeys.detail('o1'), {
      order: { id: 'o1', number: 1042, notes: [note('n1')] },
    });
    client.setQueryData<Partial<CustomerDetailView>>(customerKeys.detail('0550123456'), { notes: [] });
    const orderNotes = () =>
      client.getQueryData<{ order: AdminOrderDetail }>(orderKeys.detail('o1'))!.order.notes!.map((n) => n.id);
    const customerNotes = () =>
      client.getQueryData<CustomerDetailView>(customerKeys.detail('0550123456'))!.notes.map((n) => n.id);
    return { client, orderNotes, customerNotes };
  }

  it('puts a write’s answer on the order’s detail and on the customer’s page (by the phone’s digits)', () => {
    const { client, orderNotes, customerNotes } = cache();
    showNotes(client, { type: 'order', id: 'o1' }, [note('n2'), note('n1')]);
    showNotes(client, { type: 'customer', id: '0550 12 34 56' }, [note('c1')]);
    expect(orderNotes()).toEqual(['n2', 'n1']);
    expect(customerNotes()).toEqual(['c1']);
  });

  it('puts a live note first, once, and reads nothing it cannot', () => {
    const { client, orderNotes, customerNotes } = cache();
    const added = { subjectType: 'order', subjectId: 'o1', note: note('n2') };
    expect(applyNoteAdded(client, added)).toEqual({ subject: { type: 'order', id: 'o1' }, note: note('n2') });
    applyNoteAdded(client, added);
    expect(orderNotes()).toEqual(['n2', 'n1']);
    applyNoteAdded(client, { subjectType: 'customer', subjectId: '0550123456', note: note('c1') });
    expect(customerNotes()).toEqual(['c1']);
    // A note on something not open changes nothing.
    applyNoteAdded(client, { subjectType: 'order', subjectId: 'o2', note: note('n3') });
    expect(client.getQueryData(orderKeys.detail('o2'))).toBeUndefined();
    expect(applyNoteAdded(client, { subjectType: 'shopper', subjectId: 'o1', note: note('n4') })).toBeNull();
    expect(applyNoteAdded(client, { subjectType: 'order', subjectId: 'o1', note: { id: 'n5' } })).toBeNull();
    expect(orderNotes()).toEqual(['n2', 'n1']);
  });
});
