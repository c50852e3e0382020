// Query keys of the back office, one factory per API area. Every key starts with `admin`, so
// signing out drops them all; the live layer (live/events.ts) invalidates or updates them by area,
// so no screen listens to the socket itself. A screen's filters go in its list key as an object.

const ADMIN = ['admin'] as const;

export const adminKeys = { all: ADMIN };

export const dashboardKeys = {
  all: [...ADMIN, 'dashboard'] as const,
  stats: (range: number) => [...dashboardKeys.all, 'stats', range] as const,
};

export const orderKeys = {
  all: [...ADMIN, 'orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: object) => [...orderKeys.lists(), filters] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export const subscriptionKeys = {
  all: [...ADMIN, 'subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (filters: object) => [...subscriptionKeys.lists(), filters] as const,
  /** How a customer's language words durations (the reminders' texts): apart, as the views' changes do not touch it. */
  durationsIn: (language: string) => [...ADMIN, 'customer-durations', language] as const,
};

export const customerKeys = {
  all: [...ADMIN, 'customers'] as const,
  list: (filters: object) => [...customerKeys.all, 'list', filters] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  /** A customer's page, by their phone's digits (as the server and note:added name them). */
  detail: (phone: string) => [...customerKeys.details(), phone] as const,
};

export const productKeys = {
  all: [...ADMIN, 'products'] as const,
  list: (filters: object) => [...productKeys.all, 'list', filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

export const categoryKeys = {
  all: [...ADMIN, 'categories'] as const,
  list: (filters: object) => [...categoryKeys.all, 'list', filters] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
};

export const userKeys = {
  all: [...ADMIN, 'users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const settingsKeys = {
  all: [...ADMIN, 'settings'] as const,
  /** The signed-in admin's own settings (one admin's, even if another signs in on the same page later). */
  of: (userId: string) => [...settingsKeys.all, userId] as const,
};

export const projectionKeys = {
  all: [...ADMIN, 'projections'] as const,
};

export const shopKeys = {
  /** The shop's legal identity (docs/product.md#legal-information). */
  legal: [...ADMIN, 'shop', 'legal'] as const,
  /** The catalogue's default language (docs/product.md#shop-settings), read again when the catalogue changes. */
  language: [...ADMIN, 'shop', 'language'] as const,
};
