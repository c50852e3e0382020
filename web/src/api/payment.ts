import { queryOptions } from '@tanstack/react-query';
import type { CartItem } from '../cart/cart';
import type { Locale } from '../i18n/locales';
import { searchText } from '../lib/search';
import { readStored, removeStored, writeStored } from '../lib/storage';
import { ApiError, getJson, isRecord, postJson } from './http';

// Checkout, payment and order calls (SPEC §7, issue 5) and the pending order kept in the browser
// between the checkout and the payment return page (SPEC §3 "Pending order").

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export type PaymentMethod = 'baridi_mob' | 'card';
export type CheckoutStatus = 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

/** SPEC §3: the customer name and e-mail sent at checkout are fixed values the shopper never sees. */
export const PLACEHOLDER_CUSTOMER = { fullName: 'Nova IPTV Customer', email: 'customer@nova-iptv.dz' } as const;
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'baridi_mob';

export interface CheckoutRequest {
  amount: number;
  phone: string;
  items: readonly CartItem[];
  language: Locale;
  description: string;
}

export interface CreatedCheckout {
  id: string;
  checkoutUrl: string;
}

export async function createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
  const body = await postJson('/api/payment/create-checkout', {
    amount: request.amount,
    email: PLACEHOLDER_CUSTOMER.email,
    fullName: PLACEHOLDER_CUSTOMER.fullName,
    phone: request.phone,
    description: request.description,
    items: request.items.map((item) => ({ productId: String(item.product.id), duration: item.selectedDuration, quantity: item.quantity })),
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    language: request.language,
  });
  const checkout = isRecord(body) && isRecord(body.checkout) ? body.checkout : null;
  const id = checkout && (typeof checkout.id === 'string' || typeof checkout.id === 'number') ? String(checkout.id) : '';
  const url = checkout && typeof checkout.checkoutUrl === 'string' ? checkout.checkoutUrl : '';
  if (!id || !url) throw new ApiError('Failed to create checkout session', 200, body);
  return { id, checkoutUrl: url };
}

/** The new total the server answers with a 409 when the cart's prices are out of date. */
export function changedTotal(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.body)) return null;
  const total = Number(error.body.total);
  return Number.isFinite(total) ? total : null;
}

/** Per-field messages of a 400 answer (`errors` as an object or a list of {path, message}). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return {};
  const errors = error.body.errors;
  const result: Record<string, string> = {};
  if (isRecord(errors)) {
    for (const [field, value] of Object.entries(errors)) {
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message === 'string') result[field] = message;
    }
  } else if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (!isRecord(entry) || typeof entry.message !== 'string') continue;
      const field = Array.isArray(entry.path) ? String(entry.path[0] ?? '') : String(entry.path ?? entry.field ?? '');
      if (field && !(field in result)) result[field] = entry.message;
    }
  }
  return result;
}

export interface CheckoutState {
  status: CheckoutStatus | string;
  paymentMethod: string | null;
  amount: number;
  /** Every id this checkout goes by: the provider's checkout id and our order id. */
  ids: string[];
}

export async function getCheckoutStatus(checkoutId: string, signal?: AbortSignal): Promise<CheckoutState> {
  const body = await getJson(`/api/payment/checkout-status/${encodeURIComponent(checkoutId)}`, { signal });
  const checkout = isRecord(body) && isRecord(body.checkout) ? body.checkout : null;
  if (!checkout || typeof checkout.status !== 'string') throw new ApiError('Payment verification failed', 200, body);
  const metadata = isRecord(checkout.metadata) ? checkout.metadata : {};
  const ids = [checkoutId, text(checkout.id), text(metadata.orderId)].filter(Boolean);
  return {
    status: checkout.status,
    paymentMethod: typeof checkout.paymentMethod === 'string' ? checkout.paymentMethod : null,
    amount: Number(checkout.amount) || 0,
    ids,
  };
}

/**
 * The return page's search: which payment it is about. Our return links name our order as
 * `order`; SPEC's `checkout_id` is still accepted. Chargily appends its own `checkout_id` to the
 * success URL, so that key may come twice (the router then gives an array: the first is ours)
 * or, were it appended with a second '?', end up inside `order`'s value.
 */
export function paymentReturnSearch(search: Record<string, unknown>): { checkout_id?: string } {
  const first = (value: unknown) => searchText(Array.isArray(value) ? value[0] : value);
  const id = first(search.order)?.split('?')[0] || first(search.checkout_id);
  return id ? { checkout_id: id } : {};
}

/** SPEC §4: the return page goes on to the success screen for these statuses. */
export function isAcceptedStatus(status: string): boolean {
  return status === 'paid' || status === 'pending';
}

/** Records the order on the backend; SPEC §7: failures are only logged. */
export async function processSuccessfulOrder(checkoutId: string, pending: PendingOrder | null): Promise<void> {
  try {
    await postJson('/api/payment/process-successful-order', {
      checkoutId,
      customerData: { phone: pending?.customer.phone ?? '' },
      orderItems: pending?.items ?? [],
      totalAmount: pending?.total ?? 0,
      paymentMethod: pending?.customer.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    });
  } catch (error) {
    console.warn('process-successful-order failed', error);
  }
}

// ---------- Order (customer side, SPEC §3) ----------

export interface OrderItem {
  name: string;
  price: number;
  duration: string;
  quality: string;
  quantity: number;
}

export interface AdminContact {
  phone: string;
  whatsapp: string;
  email: string;
}

export interface CustomerOrder {
  dbOrderId: string | null;
  status: string;
  paymentMethod: string;
  total: number;
  phone: string;
  date: string | null;
  items: OrderItem[];
  adminContact: Partial<AdminContact>;
}

const number = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

function normalizeOrderItem(raw: unknown): OrderItem | null {
  if (!isRecord(raw)) return null;
  const product = isRecord(raw.product) ? raw.product : {};
  const name = text(product.name ?? raw.product_name ?? raw.name);
  if (!name) return null;
  return {
    name,
    price: number(raw.selectedPrice ?? raw.selected_price ?? product.price),
    duration: text(raw.selectedDuration ?? raw.selected_duration ?? product.duration),
    quality: text(product.quality ?? raw.quality),
    quantity: Math.max(1, Math.floor(number(raw.quantity) || 1)),
  };
}

export function normalizeOrder(body: unknown): CustomerOrder | null {
  const raw = isRecord(body) && isRecord(body.order) ? body.order : body;
  if (!isRecord(raw)) return null;
  const contact = isRecord(raw.adminContact) ? raw.adminContact : {};
  const id = text(raw.dbOrderId ?? raw.orderId ?? raw.id);
  return {
    dbOrderId: id || null,
    status: text(raw.status) || 'pending',
    paymentMethod: text(raw.paymentMethod ?? raw.payment_method) || DEFAULT_PAYMENT_METHOD,
    total: number(raw.total ?? raw.total_amount),
    phone: text(raw.phone ?? raw.customer_phone),
    date: text(raw.date ?? raw.created_at) || null,
    items: (Array.isArray(raw.items) ? raw.items : []).map(normalizeOrderItem).filter((i): i is OrderItem => i !== null),
    adminContact: {
      phone: text(contact.phone) || undefined,
      whatsapp: text(contact.whatsapp) || undefined,
      email: text(contact.email) || undefined,
    },
  };
}

export const orderQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['order', checkoutId],
    queryFn: async ({ signal }) => {
      const order = normalizeOrder(await getJson(`/api/payment/order/${encodeURIComponent(checkoutId)}`, { signal }));
      if (!order) throw new Error('Order details not available');
      return order;
    },
    // While the provider has not confirmed the payment, look again now and then.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5000 : false),
  });

export async function updateCustomerPhone(orderId: string, phone: string): Promise<void> {
  await postJson('/api/payment/update-customer-phone', { orderId, phone: phone.trim() });
}

// ---------- Pending order (browser storage) ----------

export const PENDING_ORDER_KEY = 'pendingOrder';

export interface PendingOrder {
  checkoutId: string;
  items: { productId: string; name: string; duration: string; price: number; quantity: number }[];
  total: number;
  customer: { fullName: string; email: string; phone: string; paymentMethod: PaymentMethod };
  date: string;
}

export function savePendingOrder(checkoutId: string, items: readonly CartItem[], total: number, phone: string): void {
  const order: PendingOrder = {
    checkoutId,
    items: items.map((item) => ({
      productId: String(item.product.id),
      name: item.product.name,
      duration: item.selectedDuration,
      price: item.selectedPrice,
      quantity: item.quantity,
    })),
    total,
    customer: { ...PLACEHOLDER_CUSTOMER, phone, paymentMethod: DEFAULT_PAYMENT_METHOD },
    date: new Date().toISOString(),
  };
  writeStored(PENDING_ORDER_KEY, JSON.stringify(order));
}

/** The stored pending order; unparsable or malformed data counts as none. */
export function readPendingOrder(): PendingOrder | null {
  try {
    const value: unknown = JSON.parse(readStored(PENDING_ORDER_KEY) ?? 'null');
    if (!isRecord(value) || typeof value.checkoutId !== 'string' || !Array.isArray(value.items) || !isRecord(value.customer)) return null;
    return value as unknown as PendingOrder;
  } catch {
    return null;
  }
}

export function clearPendingOrder(): void {
  removeStored(PENDING_ORDER_KEY);
}

/** A short text for the provider's page: "Premium (3 months) ×2, Basic (1 month)". */
export function orderDescription(items: readonly CartItem[], prefix: string): string {
  const lines = items.map((item) => `${item.product.name} (${item.selectedDuration})${item.quantity > 1 ? ` ×${item.quantity}` : ''}`);
  const full = `${prefix}: ${lines.join(', ')}`;
  return full.length > 480 ? `${full.slice(0, 479)}…` : full;
}
