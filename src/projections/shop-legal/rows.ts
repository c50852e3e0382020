import { column, type RowOf } from '../../platform/projections/columns';
import type { ShopLegal } from '../../shared/shop/types';

// The shop_legal table (migration 034), declared once: what the projection writes and the queries read.

export const SHOP_LEGAL_COLUMNS = {
  /** Always SHOP_LEGAL_ROW: the shop has one identity. */
  id: column.text(),
  legal: column.jsonb<ShopLegal>(),
  /** How many times it was saved: its stream's revision + 1, the ETag. */
  version: column.integer(),
  updated_at: column.timestamptz(),
};

export type ShopLegalRow = RowOf<typeof SHOP_LEGAL_COLUMNS>;

export interface ShopLegalTables {
  shop_legal: ShopLegalRow;
}
