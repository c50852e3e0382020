import {
  DEFAULT_PAYMENT_METHOD,
  PLACEHOLDER_CUSTOMER,
  type CheckoutStatus,
  type PaymentMethod,
} from '@shared/ordering/constants';
import type { CheckoutStatusView, CreatedCheckoutView, StartedTrialView } from '@shared/ordering/types';
import type { CartItem } from '../cart/cart';
import { renewedOrder } from '../cart/renewals';
import type { Locale } from '../i18n/locales';
import { readStored, removeStored, writeStored } from '../lib/storage';
import { ApiError, getJson, isRecord, postJson } from './http';

// Checkout, payment and order calls (docs/product.md#api) and the pending order kept in the browser
// between the checkout and the payment return page (`pendingOrder`, docs/product.md#storefront).

export interface CheckoutRequest {
  amount: number;
  phone: string;
  items: readonly CartItem[];
  language: Locale;
}

/** Where to pay, and the order's private link token (told this once: docs/product.md#order-page). */
export interface OpenedCheckout {
  id: string;
  checkoutUrl: string;
  accessToken: string;
}

/** A free trial (docs/product.md#free-trials): no payment, the order already granted; the token of its page. */
export interface StartedTrial {
  trial: true;
  accessToken: string;
}

export async function createCheckout(request: CheckoutRequest): Promise<OpenedCheckout | StartedTrial> {
  const body = await postJson<CreatedCheckoutView | StartedTrialView>('/api/payment/create-checkout', {
    amount: request.amount,
    email: PLACEHOLDER_CUSTOMER.email,
    fullName: PLACEHOLDER_CUSTOMER.fullName,
    phone: request.phone,
    items: request.items.map((item) => ({
      productId: item.product.id,
      duration: item.selectedDuration,
      quantity: item.quantity,
      ...(item.renewal && { renewalOf: item.renewal.subscriptionId }),
    })),
    // The renewed order's private link proves its subscriptions are the shopper's (docs/product.md#renewals).
    orderAccessToken: renewedOrder(request.items)?.token,
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    language: request.language,
  });
  if ('trial' in body) return { trial: true, accessToken: body.orderAccessToken };
  return { ...body.checkout, accessToken: body.orderAccessToken };
}

/** The new total the server answers with a 409 when the cart's prices are out of date. */
export function changedTotal(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.body)) return null;
  const total = Number(error.body.total);
  return Number.isFinite(total) ? total : null;
}

export interface CheckoutState {
  status: CheckoutStatus;
  /** Every id this checkout goes by: the one in the address, the provider's checkout id and our order id. */
  ids: string[];
}

export async function getCheckoutStatus(checkoutId: string, signal?: AbortSignal): Promise<CheckoutState> {
  const { checkout } = await getJson<CheckoutStatusView>(
    `/api/payment/checkout-status/${encodeURIComponent(checkoutId)}`,
    { signal },
  );
  return { status: checkout.status, ids: [checkoutId, checkout.id, checkout.metadata.orderId] };
}

/** The return page goes on to the success screen for these statuses. */
export function isAcceptedStatus(status: CheckoutStatus): boolean {
  return status === 'paid' || status === 'pending';
}

/** Records the order on the backend; a failure is only logged, the shopper's way goes on. */
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

// ---------- Order (customer side) ----------

/** The order's private link token proves the order is the shopper's. */
export async function updateCustomerPhone(accessToken: string, phone: string): Promise<void> {
  await postJson('/api/payment/update-customer-phone', { accessToken, phone: phone.trim() });
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
      productId: item.product.id,
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
    if (
      !isRecord(value) ||
      typeof value.checkoutId !== 'string' ||
      !Array.isArray(value.items) ||
      !isRecord(value.customer)
    )
      return null;
    return value as unknown as PendingOrder;
  } catch {
    return null;
  }
}

export function clearPendingOrder(): void {
  removeStored(PENDING_ORDER_KEY);
}
