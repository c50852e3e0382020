import { PRICE_MAX, type CatalogueMessageKey } from '@shared/catalogue/constants';
import { useCallback } from 'react';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { useAdminText, type AdminMessageId } from '../i18n';
import type { PriceProblem } from './price-durations';

/** The catalogue messages a product screen shows, in the admin's language. */
const PROBLEM_IDS: Partial<Record<CatalogueMessageKey, AdminMessageId>> = {
  productNameRequired: 'admin.products.error.productNameRequired',
  noCategories: 'admin.products.error.noCategories',
  categoryRequired: 'admin.products.error.categoryRequired',
  categoryNotFound: 'admin.products.error.categoryNotFound',
  channels: 'admin.products.error.channels',
  devices: 'admin.products.error.devices',
  price: 'admin.products.error.price',
  priceOverMax: 'admin.products.error.priceOverMax',
  durationsRequired: 'admin.products.error.durationsRequired',
  imageTooLarge: 'admin.products.error.imageTooLarge',
  imageType: 'admin.products.error.imageType',
  productNotFound: 'admin.products.form.notFound',
};

/**
 * A problem found by the shared rules, in the admin's language; a server's refusal arrives already
 * in it (translated by its code, useProductForm's serverFieldErrors) and is shown as it is.
 */
export function useProblemText(): (problem: PriceProblem | string) => string {
  const t = useAdminText();
  const price = useFormatPrice();
  const durationLabel = useDurationLabel();
  return useCallback(
    (problem) => {
      if (typeof problem === 'string') return problem;
      if (problem.key === 'durationTwice')
        return t('admin.products.error.durationTwice', { duration: durationLabel(problem.duration ?? '') });
      const id = PROBLEM_IDS[problem.key];
      return id ? t(id, { max: price(PRICE_MAX) }) : problem.key;
    },
    [t, price, durationLabel],
  );
}
