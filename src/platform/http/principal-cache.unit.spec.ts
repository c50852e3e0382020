import { describe, expect, it } from 'vitest';
import type { AdminPrincipal, TokenClaims } from './auth';
import { PrincipalCache } from './principal-cache';

const karim: AdminPrincipal = { id: 'a1', username: 'karim', name: 'Karim', role: 'admin' };
const claims: TokenClaims = { sub: 'a1', cv: 'v1', sv: 0, jti: 't1' };

/** A read model of one admin that counts its lookups; `release` lets a held lookup answer. */
function readModel() {
  let current: AdminPrincipal | null = karim;
  let held: (() => void) | undefined;
  const model = {
    lookups: 0,
    hold: false,
    set: (principal: AdminPrincipal | null) => void (current = principal),
    release: () => held?.(),
    find: async (asked: TokenClaims) => {
      model.lookups++;
      const answer = asked.sub === 'a1' && asked.cv === 'v1' && asked.jti !== 'signed-out' ? current : null;
      if (model.hold) await new Promise<void>((resolve) => (held = resolve));
      return answer;
    },
  };
  return model;
}

describe('PrincipalCache', () => {
  it('asks the read model once for a token checked again and again within its time', async () => {
    let now = 0;
    const model = readModel();
    const cache = new PrincipalCache(model.find, 5_000, () => now);
    expect(await cache.find(claims)).toEqual(karim);
    now = 4_999;
    expect(await cache.find(claims)).toEqual(karim);
    expect(model.lookups).toBe(1);
    now = 5_000;
    model.set({ ...karim, name: 'Karim B.' });
    expect(await cache.find(claims)).toMatchObject({ name: 'Karim B.' });
    expect(model.lookups).toBe(2);
  });

  it('looks again once told the accounts changed: a deleted admin is refused at once', async () => {
    const model = readModel();
    const cache = new PrincipalCache(model.find, 60_000);
    await cache.find(claims);
    model.set(null);
    expect(await cache.find(claims)).toEqual(karim);
    cache.forget();
    expect(await cache.find(claims)).toBeNull();
  });

  it('does not remember a refused token, nor one for other credentials', async () => {
    const model = readModel();
    const cache = new PrincipalCache(model.find, 60_000);
    expect(await cache.find({ ...claims, cv: 'old' })).toBeNull();
    expect(await cache.find({ ...claims, cv: 'old' })).toBeNull();
    expect(model.lookups).toBe(2);
    expect(await cache.find({ ...claims, sub: 42 } as unknown as TokenClaims)).toBeNull();
  });

  it('remembers each token apart: one signed out is refused while its admin is remembered', async () => {
    const model = readModel();
    const cache = new PrincipalCache(model.find, 60_000);
    expect(await cache.find(claims)).toEqual(karim);
    expect(await cache.find({ ...claims, jti: 'signed-out' })).toBeNull();
    expect(await cache.find({ ...claims, sv: 1 })).toEqual(karim);
    expect(model.lookups).toBe(3);
  });

  it('does not keep what a lookup that began before a change found', async () => {
    const model = readModel();
    const cache = new PrincipalCache(model.find, 60_000);
    model.hold = true;
    const before = cache.find(claims);
    await Promise.resolve();
    cache.forget();
    model.set(null);
    model.hold = false;
    model.release();
    expect(await before).toEqual(karim);
    expect(await cache.find(claims)).toBeNull();
  });
});
