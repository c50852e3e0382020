import type { AdminUserView } from '@shared/identity/types';
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { errorFrom } from '../../api/http';
import arabicErrors from '../../i18n/errors/ar.json';
import { setErrorLanguage } from '../../i18n/error-text';
import { failureMessage } from '../api/client';
import { filterUsers } from './filter';
import { checkUserForm, isValid } from './user-form';

const user = (username: string, name: string, role = 'admin'): AdminUserView => ({
  id: username,
  username,
  name,
  role,
  created_at: '2025-01-01T00:00:00.000Z',
  version: 0,
});

/** A t() that shows which message it was asked for. */

describe('the users search', () => {
  const users = [user('admin', 'Administrator'), user('karim', 'Karim Benali'), user('sara', 'سارة')];
  const label = (role: string) => (role === 'admin' ? 'مسؤول' : role);

  it('looks at username, name and role, ignoring case and surrounding spaces', () => {
    expect(filterUsers(users, '  KARIM ', label).map((u) => u.id)).toEqual(['karim']);
    expect(filterUsers(users, 'benali', label).map((u) => u.id)).toEqual(['karim']);
    expect(filterUsers(users, 'سارة', label).map((u) => u.id)).toEqual(['sara']);
    expect(filterUsers(users, 'admin', label)).toHaveLength(3);
    expect(filterUsers([...users, user('ops', 'Ops', 'viewer')], 'viewer', label).map((u) => u.id)).toEqual(['ops']);
  });

  it('finds the role by the label shown too, and everyone without a search', () => {
    expect(filterUsers(users, 'مسؤول', label)).toHaveLength(3);
    expect(filterUsers(users, '', label)).toHaveLength(3);
    expect(filterUsers(users, 'nobody', label)).toEqual([]);
  });
});

describe('the user form', () => {
  const values = { username: 'karim', password: 'long enough', name: 'Karim', role: 'admin' as const };

  it('adding needs username, password and full name', () => {
    expect(checkUserForm({ ...values, username: ' ', password: '', name: '' }, 'add')).toEqual({
      missing: ['username', 'password', 'name'],
      passwordTooShort: false,
    });
    expect(isValid(checkUserForm(values, 'add'))).toBe(true);
  });

  it('editing needs username and name; an empty password keeps the current one, a short one is refused', () => {
    expect(isValid(checkUserForm({ ...values, password: '' }, 'edit'))).toBe(true);
    expect(checkUserForm({ ...values, password: '' }, 'edit').missing).toEqual([]);
    expect(checkUserForm({ ...values, name: '  ' }, 'edit').missing).toEqual(['name']);
    expect(checkUserForm({ ...values, password: 'short' }, 'edit')).toEqual({ missing: [], passwordTooShort: true });
    expect(checkUserForm({ ...values, password: '12345678' }, 'add').passwordTooShort).toBe(false);
  });
});

describe("a failed write's message", () => {
  const answer = (status: number, body: unknown) =>
    errorFrom(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  setErrorLanguage(createIntl({ locale: 'ar', messages: arabicErrors as Record<string, string> }));

  it("is the server's refusal by its code, in the admin's language", async () => {
    const taken = await answer(409, { status: 409, code: 'users.username_taken', message: 'Username already exists' });
    expect(failureMessage(taken, 'fallback')).toBe(arabicErrors['error.users.username_taken']);
  });

  it("is the screen's fallback without a code the app knows (network, 5xx, a code from a newer server)", async () => {
    expect(failureMessage(new TypeError('Failed to fetch'), 'Error adding user')).toBe('Error adding user');
    expect(failureMessage(await answer(500, { code: 'server.internal' }), 'Error updating user')).toBe(
      'Error updating user',
    );
    expect(failureMessage(await answer(409, { code: 'users.future_rule', message: 'x' }), 'Error')).toBe('Error');
  });
});
