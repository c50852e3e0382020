import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminAuth, type AdminPrincipal } from './auth';

const SECRET = 'a-secret-for-these-tests-that-is-long-enough';
const karim: AdminPrincipal = { id: 'a1', username: 'karim', name: 'Karim', role: 'admin' };
const versions = { credentialsVersion: 'v1', sessionVersion: 0 };

function auth(expiresIn = '1h') {
  return createAdminAuth({ secret: SECRET, expiresIn, findPrincipal: async () => karim });
}

describe('admin tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a token whose signature was checked once, after it expires', async () => {
    // Only the clock moves: jsonwebtoken and the cache both read Date.now(); promises run as usual.
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const tokens = auth('30m');
    const { token } = tokens.issue(karim, versions);
    expect(await tokens.verify(token)).toMatchObject({ id: 'a1' });
    vi.setSystemTime(new Date('2026-11-24T10:29:59Z'));
    expect(await tokens.principalOf(`Bearer ${token}`)).toMatchObject({ id: 'a1' });
    vi.setSystemTime(new Date('2026-11-24T10:30:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.principalOf(`Bearer ${token}`)).toBeNull();
  });

  it('reads only a bearer token from the Authorization header', async () => {
    const tokens = auth();
    const { token } = tokens.issue(karim, versions);
    expect(await tokens.principalOf(`bearer ${token}`)).toMatchObject({ id: 'a1' });
    for (const header of [undefined, '', token, `Basic ${token}`, `Bearer ${token} extra`, `Bearer ${token}x`])
      expect(await tokens.principalOf(header), String(header)).toBeNull();
  });

  it('never takes a token for one it checked before unless it is the same token', async () => {
    const tokens = auth();
    const { token } = tokens.issue(karim, versions);
    await tokens.verify(token);
    const [header, payload] = token.split('.');
    const otherSignature = `${header}.${payload}.${'A'.repeat(43)}`;
    const otherKey = jwt.sign({ sub: 'a1', cv: 'v1' }, `${SECRET}-other`, { algorithm: 'HS256', expiresIn: 60 });
    expect(await tokens.verify(otherSignature)).toBeNull();
    expect(await tokens.verify(otherKey)).toBeNull();
    expect(await tokens.verify(token)).toMatchObject({ id: 'a1' });
  });
});
