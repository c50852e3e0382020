import type { Kysely } from 'kysely';
import { emptyShopLegal } from '../../shared/shop/constants';
import type { ShopLegalAnswer } from '../../shared/shop/types';
import { SHOP_LEGAL_ROW } from './projection';
import type { ShopLegalTables } from './rows';

/** The shop's legal identity now; empty, at version 0, before the first save. */
export async function shopLegal(db: Kysely<ShopLegalTables>): Promise<ShopLegalAnswer> {
  const row = await db.selectFrom('shop_legal').selectAll().where('id', '=', SHOP_LEGAL_ROW).executeTakeFirst();
  if (!row) return { legal: emptyShopLegal(), version: 0, updatedAt: null };
  // Filled from the empty identity: a field added later reads as empty on identities saved before.
  const legal = { ...emptyShopLegal(), ...row.legal };
  return { legal, version: row.version, updatedAt: new Date(row.updated_at).toISOString() };
}
