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
    expect(state).toEqual({ exists: true, username: 'boss' });
    expect(() => decide(create(), state)).toThrow(/already exists/);
  });
});
