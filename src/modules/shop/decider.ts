import { isDeepStrictEqual } from 'node:util';
import type { Decider } from '../../platform/eventstore/command-handler';
import { emptyShopLegal } from '../../shared/shop/constants';
import type { ShopLegal } from '../../shared/shop/types';
import type { ShopEvent } from './events';

// Pure rules of the shop's legal identity (docs/product.md#legal-information): a save that changes
// nothing writes nothing (no empty entry in the history); any other replaces the identity whole.

export interface ShopLegalState {
  legal: ShopLegal;
}

export interface ChangeShopLegal {
  type: 'ChangeShopLegal';
  data: { legal: ShopLegal; by: string; now: string };
}

function decide(command: ChangeShopLegal, state: ShopLegalState): ShopEvent[] {
  const { legal, by, now } = command.data;
  if (isDeepStrictEqual(legal, state.legal)) return [];
  return [{ type: 'ShopLegalChanged', data: { legal, by, at: now } }];
}

export const shopLegalDecider: Decider<ChangeShopLegal, ShopEvent, ShopLegalState> = {
  decide,
  evolve: (_state, event) => ({ legal: event.data.legal }),
  initialState: { legal: emptyShopLegal() },
};
