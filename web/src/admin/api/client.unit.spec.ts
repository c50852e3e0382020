import { createIntl } from 'react-intl';
import frenchErrors from '../../i18n/errors/fr.json';
import { setErrorLanguage } from '../../i18n/error-text';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import type { KeyValueStorage } from '../../lib/storage';
import { createSessionStore, type AdminSession } from '../session/session';
import { conflictOf, createAdminClient, failureMessage } from './client';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const admin = (token: string): AdminSession => ({
  token,
  user: { id: 'u1', username: 'amina', name: 'Amina', role: 'admin' },
});

/** A client whose server answers `status` with `body`, recording what it was sent. */
function clientAnswering(status: number, body: unknown) {
  const session = createSessionStore(memoryStorage(), null);
  const sent: { url: string; init: RequestInit }[] = [];
  const client = createAdminClient(session, (url, init) => {
    sent.push({ url: String(url), init: init ?? {} });
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  return { session, sent, client };
}

describe('the admin API client', () => {
  it('sends the bearer token, JSON and the version edited as If-Match', async () => {
    const { session, sent, client } = clientAnswering(200, { ok: true });
    session.signIn(admin('token-1'));
    await client.json('/api/admin/orders/o1/status', { method: 'PUT', body: { status: 'dispatched' }, version: 3 });
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['If-Match']).toBe('"3"');
    expect(headers['Content-Type']).toBe('application/json');
    expect(sent[0]!.init.body).toBe('{"status":"dispatched"}');
  });

  it('signs out, keeping the page to return to, when the server refuses the token', async () => {
    const { session, client } = clientAnswering(401, { message: 'Please sign in to continue.', status: 401 });
    session.signIn(admin('revoked'));
    await expect(client.json('/api/admin/dashboard/stats')).rejects.toMatchObject({ status: 401 });
    expect(session.get()).toEqual({ session: null, signedOut: 'expired' });
  });

  it('keeps a newer session when a request made with an older token is refused', async () => {
    const session = createSessionStore(memoryStorage(), null);
    session.signIn(admin('old'));
    const client = createAdminClient(session, () => {
      session.signIn(admin('new')); // signed in again while the old request was under way
      return Promise.resolve(new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }));
    });
    await expect(client.json('/api/admin/me')).rejects.toBeInstanceOf(ApiError);
    expect(session.get().session?.token).toBe('new');
  });

  it("reads a stale version's 409: who changed the item, when, and its version now", async () => {
    const answer = {
      message: 'This item was changed by Karim at 2025-01-15T10:00:00.000Z (OrderDispatched), after you opened it.',
      status: 409,
      version: 4,
      changedBy: 'Karim',
      changedAt: '2025-01-15T10:00:00.000Z',
      change: 'OrderDispatched',
    };
    const { session, client } = clientAnswering(409, answer);
    session.signIn(admin('t'));
    const error = await client.json('/api/admin/orders/o1', { method: 'DELETE', version: 3 }).catch((e: unknown) => e);
    expect(conflictOf(error)).toEqual({
      message: answer.message,
      changedBy: 'Karim',
      changedAt: answer.changedAt,
      version: 4,
    });
    // A 409 that is not about a version (a name taken) is an ordinary refusal.
    expect(conflictOf(new ApiError('Username already exists', 409, { message: 'Username already exists' }))).toBeNull();
  });

  it("shows a refusal by its code in the admin's language, and the screen's text otherwise", () => {
    setErrorLanguage(createIntl({ locale: 'fr', messages: frenchErrors as Record<string, string> }));
    const refused = new ApiError('Order details not available', 404, {}, { code: 'order.details_unavailable' });
    expect(failureMessage(refused, 'Failed')).toBe(frenchErrors['error.order.details_unavailable']);
    expect(failureMessage(new ApiError('Order details not available', 404), 'Failed')).toBe('Failed');
    expect(failureMessage(new ApiError('Something went wrong on our side.', 500), 'Failed')).toBe('Failed');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
  });
});

describe('the stored admin session', () => {
  it('is restored at load', () => {
    const storage = memoryStorage();
    createSessionStore(storage, null).signIn(admin('abc'));
    expect(createSessionStore(storage, null).get().session).toEqual(admin('abc'));
  });

  it.each([
    ['a user that is not JSON', 'abc', '{not json'],
    ['a user without a username', 'abc', '{"id":"u1","name":"A","role":"admin"}'],
    ['a blank token', ' ', JSON.stringify(admin('x').user)],
    ['a token without its user', 'abc', null],
  ])('is discarded, both keys, when unreadable: %s', (_case, token, user) => {
    const storage = memoryStorage();
    storage.setItem('admin-token', token);
    if (user !== null) storage.setItem('admin-user', user);
    expect(createSessionStore(storage, null).get().session).toBeNull();
    expect([...storage.data.keys()]).toEqual([]);
  });

  it('keeps its keys apart from the store’s', () => {
    const storage = memoryStorage();
    storage.setItem('theme', 'dark');
    createSessionStore(storage, null).signIn(admin('abc'));
    createSessionStore(storage, null).signOut('logout');
    expect([...storage.data.entries()]).toEqual([['theme', 'dark']]);
  });
});
