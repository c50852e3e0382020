import { queryOptions } from '@tanstack/react-query';
import type { ShopLegalAnswer } from '@shared/shop/types';
import { getJson } from './http';

// The shop's legal identity (docs/product.md#legal-information), for the footer and /legal: one
// small read, kept for a minute as the server lets it be.

export const shopLegalQuery = () =>
  queryOptions({
    queryKey: ['shop-legal'],
    queryFn: ({ signal }) => getJson<ShopLegalAnswer>('/api/shop/legal', { signal }),
    staleTime: 60_000,
  });
