import { describe, expect, it } from 'vitest';
import { emptyShopLegal } from '../../shared/shop/constants';
import type { ShopLegal } from '../../shared/shop/types';
import { shopLegalDecider as decider, type ChangeShopLegal } from './decider';

const NOW = '2026-11-29T10:00:00.000Z';
const change = (legal: ShopLegal): ChangeShopLegal => ({
  type: 'ChangeShopLegal',
  data: { legal, by: 'admin-1', now: NOW },
});
const filled = (): ShopLegal => ({
  ...emptyShopLegal(),
  legalName: 'SARL Nour Stream',
  rc: '16/00-1234567B21',
  terms: { ar: '', fr: 'Conditions de vente', en: '' },
});

describe('the shop legal identity decider', () => {
  it('records a first identity, whole, with who and when', () => {
    expect(decider.decide(change(filled()), decider.initialState)).toEqual([
      { type: 'ShopLegalChanged', data: { legal: filled(), by: 'admin-1', at: NOW } },
    ]);
  });

  it('writes nothing when the save changes nothing, from the start or after a change', () => {
    expect(decider.decide(change(emptyShopLegal()), decider.initialState)).toEqual([]);
    const [event] = decider.decide(change(filled()), decider.initialState);
    const state = decider.evolve(decider.initialState, event!);
    expect(decider.decide(change(filled()), state)).toEqual([]);
  });

  it('records a change of one text in one language against the identity as it was', () => {
    const [event] = decider.decide(change(filled()), decider.initialState);
    const state = decider.evolve(decider.initialState, event!);
    const next = { ...filled(), refunds: { ar: 'استرجاع', fr: '', en: '' } };
    expect(decider.decide(change(next), state)).toEqual([
      { type: 'ShopLegalChanged', data: { legal: next, by: 'admin-1', at: NOW } },
    ]);
    expect(decider.evolve(state, decider.decide(change(next), state)[0]!)).toEqual({ legal: next });
  });
});
