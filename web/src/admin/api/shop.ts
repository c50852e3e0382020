import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ShopLegal, ShopLegalAnswer, ShopLegalSaved } from '@shared/shop/types';
import { useAdminText } from '../i18n';
import { adminApi, adminRetry } from './client';
import { shopKeys } from './keys';
import { useVersionedWrite } from './versioned';

// The shop's legal identity (docs/product.md#legal-information), a section of Settings: read with
// its version, saved with it as If-Match (a save made elsewhere meanwhile opens the conflict dialog).

export const SHOP_LEGAL_PATH = '/api/admin/shop/legal';

export const shopLegalAdminQuery = () =>
  queryOptions({
    queryKey: shopKeys.legal,
    retry: adminRetry,
    queryFn: ({ signal }) => adminApi.json<ShopLegalAnswer>(SHOP_LEGAL_PATH, { signal }),
  });

/** `PUT /api/admin/shop/legal`: the identity whole, with the version the screen showed. */
export function useSaveShopLegal() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<{ legal: ShopLegal; version: number }, ShopLegalSaved>({
    request: ({ legal, version }) => ({ path: SHOP_LEGAL_PATH, method: 'PUT', body: legal, version }),
    invalidates: () => [shopKeys.legal],
    failure: () => t('admin.settings.saveFailed'),
    onSuccess: ({ message: _message, ...answer }) => queryClient.setQueryData(shopKeys.legal, answer),
  });
}
