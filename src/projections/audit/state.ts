import type { AuditValue } from '../../shared/audit';

// What the audit projection remembers of each entity between batches (audit_entities.state).

export type Fields = Record<string, AuditValue>;

export interface UserState {
  kind: 'user';
  username: string;
  name: string;
  role: string;
  /** The settings' fields, flattened (notifications.orderUpdates…), as they are diffed. */
  settings: Fields;
}

export interface CategoryState {
  kind: 'category';
  fields: Fields;
  /** What entries call it: its name in the shop's default language when last written (absent in states kept before languages). */
  label?: string;
}

export interface ProductState {
  kind: 'product';
  categoryId: string;
  fields: Fields;
  /** As for a category. */
  label?: string;
}

export interface OrderState {
  kind: 'order';
  number: number;
  provider: string;
  status: string;
  phone: string;
  /** The orders whose subscriptions this order renews, when it is a renewal: their entries say who paid (absent in states kept before renewals were audited). */
  renews?: RenewedOrder[];
}

/** An order a renewal order renews, and the line that renews it, as the trail writes an order's items. */
export interface RenewedOrder {
  orderId: string;
  number: number;
  item: string;
}

/** The shop's legal identity, flattened (`terms.ar`…), as it is diffed; or its catalogue's default language. */
export interface ShopState {
  kind: 'shop';
  fields: Fields;
}

/** Orders placed before orders had numbers are numbered 1, 2, 3… in log order, as the orders read model does. */
export interface CounterState {
  kind: 'counter';
  value: number;
}

export type EntityState = UserState | CategoryState | ProductState | OrderState | ShopState | CounterState;
