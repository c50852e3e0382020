import { queryOptions } from '@tanstack/react-query';
import type { ShopView } from '@shared/catalogue/types';
import { adminApi, adminRetry } from './client';
import { shopKeys } from './keys';

// The shop's settings (docs/product.md#shop-settings): its default language, which the product and category
// forms mark required and the Settings screen's Shop tab changes.

export const SHOP_PATH = '/api/admin/shop';

/** `GET /api/admin/shop`. */
export const shopQuery = () =>
  queryOptions({
    queryKey: shopKeys.all,
    retry: adminRetry,
    queryFn: async ({ signal }) => (await adminApi.json<{ shop: ShopView }>(SHOP_PATH, { signal })).shop,
  });
