import { SHOP_EVENT_TYPES, type ShopEvent } from '../../modules/shop/events';
import type { StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import { RowFolder } from '../../platform/projections/fold';
import type { Projection } from '../../platform/projections/projection';
import { SHOP_LEGAL_COLUMNS, type ShopLegalRow } from './rows';

// The shop's legal identity as last saved (docs/product.md#legal-information): one row, replaced
// by each save, for the store's footer and /legal page and the admins' Settings.

export const SHOP_LEGAL_PROJECTION = 'shop-legal';
export const SHOP_LEGAL_ROW = 'shop';

const SQL_TYPES = sqlTypes(SHOP_LEGAL_COLUMNS);

export function shopLegalProjection(): Projection {
  return {
    name: SHOP_LEGAL_PROJECTION,
    tables: ['shop_legal'],
    handles: new Set(SHOP_EVENT_TYPES),
    fold(events) {
      const rows = new RowFolder<ShopLegalRow>('shop_legal', 'id', SQL_TYPES);
      for (const event of events as (StoredEvent & ShopEvent)[])
        rows.create(SHOP_LEGAL_ROW, {
          id: SHOP_LEGAL_ROW,
          legal: event.data.legal,
          version: Number(event.revision) + 1,
          updated_at: event.data.at,
        });
      return rows.write();
    },
  };
}
