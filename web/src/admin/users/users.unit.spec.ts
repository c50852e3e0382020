import type { AdminUserView } from '@shared/identity/types';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import type { AdminMessageId, MessageValues } from '../i18n';
import { filterUsers } from './filter';
import { checkUserForm, isValid, userFailureText } from './user-form';

const user = (username: string, name: string, role = 'admin'): AdminUserView => ({
  id: username,
  username,
  name,
  role,
  created_at: '2025-01-01T00:00:00.000Z',
  version: 0,
});

/** A t() that shows which message it was asked for. */
const t = (id: AdminMessageId, values?: MessageValues) => `${id}${values ? JSON.stringify(values) : ''}`;

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
  const refused = (message: string, status = 409) => new ApiError(message, status);

  it("is the server's, in the admin's language when the app knows it", () => {
    expect(userFailureText(refused('Username already exists'), 'fallback', t)).toBe(
      'admin.users.usernameTaken{"min":8}',
    );
    expect(userFailureText(refused('Username must be at most 50 characters', 400), 'fallback', t)).toBe(
      'Username must be at most 50 characters',
    );
  });

  it("is the screen's fallback without a message from the server (network, 5xx)", () => {
    expect(userFailureText(new TypeError('Failed to fetch'), 'Error adding user', t)).toBe('Error adding user');
    expect(userFailureText(refused('boom', 500), 'Error updating user', t)).toBe('Error updating user');
  });
});
