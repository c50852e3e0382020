// The shop legal identity read model: the only file others import.
export { SHOP_LEGAL_PROJECTION, shopLegalProjection } from './projection';
export { shopLegal } from './queries';
export type { ShopLegalRow, ShopLegalTables } from './rows';
