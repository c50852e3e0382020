import type { CategoryView, ProductView } from '@shared/catalogue/types';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '../api/audit';
import { categoryKeys, dashboardKeys, productKeys } from '../api/keys';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText } from '../i18n';

// Restoring an earlier version of a product or a category (from its history): POST
// /api/admin/{products|categories}/{id}/restore with { version } and the version the screen showed
// as If-Match. The server checks it as it checks an edit (the same rules, the same conflict): a
// stale screen gets the shared conflict dialog, a version today's rules refuse gets the server's
// message, and success the server's ("Product restored to version 3").

export type RestorableType = 'product' | 'category';

export interface RestoreRequest {
  type: RestorableType;
  id: string;
  /** The version to bring back (an entry's `entity.version`). */
  version: number;
  /** The version the screen showed (If-Match). */
  current: number;
}

export type RestoreAnswer = {
  message: string;
  /** What the restore did: said in the admin's language. */
  result: 'restored' | 'unchanged' | 'keptCurrentImage';
  product?: ProductView;
  category?: CategoryView;
};

const PATHS: Record<RestorableType, string> = { product: '/api/admin/products', category: '/api/admin/categories' };

const RESULT_TEXT = {
  restored: 'admin.history.restored',
  unchanged: 'admin.history.restoredUnchanged',
  keptCurrentImage: 'admin.history.restoredKeptImage',
} as const;

export function useRestoreVersion(onRestored: (answer: RestoreAnswer, request: RestoreRequest) => void) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<RestoreRequest, RestoreAnswer>({
    request: ({ type, id, version, current }) => ({
      path: `${PATHS[type]}/${encodeURIComponent(id)}/restore`,
      method: 'POST',
      body: { version },
      version: current,
    }),
    item: ({ type, id }) => ({ area: type === 'product' ? 'products' : 'categories', id }),
    // A product's restore may move it to another category (counts); a category's name shows on products.
    // The histories get the restore's entry live, and again from the server should the push be missed.
    invalidates: () => [productKeys.all, categoryKeys.all, dashboardKeys.all, auditKeys.all],
    success: (answer, { version }) => t(RESULT_TEXT[answer.result], { version }),
    failure: () => t('admin.history.restoreFailed'),
    onSuccess: (answer, request) => {
      // The screen shows the restored values at once, before the refetch answers.
      if (answer.product) queryClient.setQueryData(productKeys.detail(request.id), answer.product);
      onRestored(answer, request);
    },
  });
}

/**
 * The version a form shows, for a restore's If-Match: the one it was filled from. While another
 * admin's change has made it stale, the older one stays (a restore then meets the conflict check
 * an edit would); once the form loads the latest, that one.
 */
export function useFormVersion(latest: number | undefined, stale: boolean): number | undefined {
  const [shown, setShown] = useState(latest);
  if (!stale && latest !== shown) setShown(latest);
  return shown;
}
