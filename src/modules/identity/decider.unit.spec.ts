import { describe, expect, it } from 'vitest';
import { IdentityRuleError, decide, evolve, initialState } from './decider';

const create = (overrides: Partial<{ username: string; name: string; role: string; passwordHash: string }> = {}) => ({
  type: 'CreateAdminUser' as const,
  data: { userId: 'u1', username: ' boss ', name: ' Amina ', role: 'admin', passwordHash: '$argon2id$x', now: '2026-11-21T10:00:00.000Z', ...overrides },
});

describe('identity decider', () => {
  it('creates an admin user with trimmed names', () => {
    expect(decide(create(), initialState)).toEqual([
      { type: 'AdminUserCreated', data: { userId: 'u1', username: 'boss', name: 'Amina', role: 'admin', passwordHash: '$argon2id$x', createdAt: '2026-11-21T10:00:00.000Z' } },
    ]);
  });

  it.each([{ username: '  ' }, { name: '' }, { passwordHash: '' }])('refuses missing required fields: %o', (missing) => {
    expect(() => decide(create(missing), initialState)).toThrow('Please fill in all required fields');
  });

  it('refuses roles other than admin', () => {
    expect(() => decide(create({ role: 'superuser' }), initialState)).toThrow(IdentityRuleError);
  });

  it('refuses to create the same user twice', () => {
    const state = decide(create(), initialState).reduce(evolve, initialState);
    expect(state).toMatchObject({ exists: true, deleted: false, username: 'boss', name: 'Amina' });
    expect(() => decide(create(), state)).toThrow(/already exists/);
  });

  const created = decide(create(), initialState).reduce(evolve, initialState);
  const now = '2026-11-21T11:00:00.000Z';

  it('updates name, username and role; a new password hash adds a password change', () => {
    const update = { type: 'UpdateAdminUser' as const, data: { userId: 'u1', username: 'chief', name: 'Amina B', role: 'admin', now } };
    expect(decide(update, created).map((e) => e.type)).toEqual(['AdminUserUpdated']);
    expect(decide({ ...update, data: { ...update.data, passwordHash: '$argon2id$y' } }, created).map((e) => e.type)).toEqual([
      'AdminUserUpdated',
      'AdminPasswordChanged',
    ]);
    expect(() => decide({ ...update, data: { ...update.data, name: ' ' } }, created)).toThrow('Please fill in all required fields');
    expect(() => decide(update, initialState)).toThrow('User not found');
  });

  it('never lets an admin delete their own account, nor the last administrator', () => {
    const remove = (actorId: string, remainingAdmins: number) =>
      decide({ type: 'DeleteAdminUser', data: { userId: 'u1', actorId, remainingAdmins, now } }, created);
    expect(() => remove('u1', 3)).toThrow('You cannot delete your own account');
    expect(() => remove('u2', 1)).toThrow('The last administrator cannot be deleted');
    expect(remove('u2', 2)).toEqual([{ type: 'AdminUserDeleted', data: { userId: 'u1', deletedAt: now } }]);
    const deleted = remove('u2', 2).reduce(evolve, created);
    expect(() => decide({ type: 'DeleteAdminUser', data: { userId: 'u1', actorId: 'u2', remainingAdmins: 2, now } }, deleted)).toThrow('User not found');
  });

  it('changes the password only with the right current password and a matching confirmation', () => {
    const change = (currentPasswordMatches: boolean, passwordsMatch: boolean) =>
      decide({ type: 'ChangePassword', data: { userId: 'u1', currentPasswordMatches, passwordsMatch, newPasswordHash: '$argon2id$n', now } }, created);
    expect(() => change(false, true)).toThrow('Current password is incorrect');
    expect(() => change(true, false)).toThrow('New password and confirmation do not match');
    expect(change(true, true)).toEqual([{ type: 'AdminPasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$n', changedAt: now } }]);
  });

  it('keeps settings, whose profile name becomes the user name', () => {
    const settings = {
      profile: { name: 'Amina Benali', email: 'amina@example.dz', phone: '0550000000' },
      notifications: { emailNotifications: false, orderUpdates: true, newCustomers: true, productUpdates: true },
      language: 'fr' as const,
      timezone: 'Europe/Paris' as const,
      dateFormat: 'YYYY-MM-DD' as const,
    };
    const events = decide({ type: 'ChangeSettings', data: { userId: 'u1', settings, now } }, created);
    expect(events).toEqual([{ type: 'AdminSettingsChanged', data: { userId: 'u1', settings, changedAt: now } }]);
    expect(events.reduce(evolve, created)).toMatchObject({ name: 'Amina Benali', settings });
  });
});
