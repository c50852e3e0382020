import { queryOptions } from '@tanstack/react-query';
import type { CatalogueLanguageView } from '@shared/catalogue/types';
import { adminApi, adminRetry } from './client';
import { shopKeys } from './keys';

// The catalogue's default language (docs/product.md#shop-settings), which the product and category forms mark
// required and the Settings screen's Shop tab changes.

export const CATALOGUE_LANGUAGE_PATH = '/api/admin/shop/language';

/** `GET /api/admin/shop/language`. */
export const catalogueLanguageQuery = () =>
  queryOptions({
    queryKey: shopKeys.language,
    retry: adminRetry,
    queryFn: ({ signal }) => adminApi.json<CatalogueLanguageView>(CATALOGUE_LANGUAGE_PATH, { signal }),
  });
