import { SUBSCRIPTION_VIEWS } from '@shared/subscriptions/constants';
import type { SubscriptionView } from '@shared/subscriptions/types';
import { ADMIN_PAGE_SIZES, parseListSearch, type ListSearch } from '../ui/list/list-search';

// The subscriptions screen's state in the URL: ?view=&search=&page=&limit=. The route validates
// with this, so it stays small: it is part of the route tree shoppers download.

/** The view the screen opens on: the reminders' worklist. */
export const DEFAULT_SUBSCRIPTION_VIEW: SubscriptionView = 'expiring';

export interface SubscriptionsSearch extends ListSearch {
  /** Absent for the default view. */
  view?: SubscriptionView;
}

export function parseSubscriptionsSearch(raw: Record<string, unknown>): SubscriptionsSearch {
  const view = (SUBSCRIPTION_VIEWS as readonly unknown[]).includes(raw.view)
    ? (raw.view as SubscriptionView)
    : undefined;
  return {
    ...parseListSearch(raw, ADMIN_PAGE_SIZES),
    ...(view && view !== DEFAULT_SUBSCRIPTION_VIEW ? { view } : {}),
  };
}
