import type { ShopLegal } from '../../shared/shop/types';

// Events of the shop module (docs/product.md#legal-information): the shop's legal identity, one
// stream for the whole shop. Each save holds the identity whole, as it is from then on.

export type ShopEvent = {
  type: 'ShopLegalChanged';
  data: {
    legal: ShopLegal;
    /** The admin's id (read models are rebuilt without the events' metadata). */
    by: string;
    at: string;
  };
};

export const SHOP_EVENT_TYPES: readonly ShopEvent['type'][] = ['ShopLegalChanged'];

export const SHOP_LEGAL_STREAM = 'shop-legal';
