import { z } from 'zod';
import { coded } from '../errors/coded';
import { typedNumber } from '../text/constants';
import { text } from '../text/schemas';
import {
  CART_LINES_MAX,
  CHECKOUT_LANGUAGES,
  DEFAULT_PAYMENT_METHOD,
  ORDER_STATUSES,
  PAYMENT_DECISIONS,
  PAYMENT_METHODS,
  QUANTITY_MAX,
  REFUND_METHODS,
  REFUND_REASON_RULE,
  isCalendarDay,
  refundMessages,
  normalisePhone,
  orderMessages,
  orderNumberMessage,
  orderNumberOf,
  phoneError,
  phoneMessages,
} from './constants';

// The checkout, payment and order bodies the server accepts.

// A blank phone is phoneError's to name.
export const phoneSchema = text({ field: 'Phone number', max: 40, notText: phoneMessages.required })
  .superRefine((value, ctx) => {
    const error = phoneError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .meta({ examples: ['0555 12 34 56'] })
  .transform(normalisePhone);

export const checkoutItemSchema = z.object({
  productId: text({ field: 'Product id', max: 100, required: coded('cart.item_required', { field: 'productId' }) }),
  duration: text({ field: 'Duration', max: 40, required: coded('cart.item_required', { field: 'duration' }) }),
  quantity: z.preprocess(
    typedNumber,
    z
      .number({ error: orderMessages.quantity })
      .int(orderMessages.quantity)
      .min(1, orderMessages.quantity)
      .max(QUANTITY_MAX, orderMessages.quantity),
  ),
  /** The subscription this line renews (docs/product.md#renewals): one unit, proved by the order's link token. */
  renewalOf: text({ field: 'renewalOf', max: 100 }).optional(),
});

export const createCheckoutSchema = z.object({
  /** The private link token of the order whose subscriptions the cart's renewal lines renew. */
  orderAccessToken: text({ field: 'orderAccessToken', max: 100 }).optional(),
  amount: z.preprocess(
    typedNumber,
    z.number({ error: coded('checkout.amount_invalid') }).nonnegative(coded('checkout.amount_invalid')),
  ),
  email: text({ field: 'Email', max: 200 }).optional().default(''),
  fullName: text({ field: 'Full name', max: 200 }).optional().default(''),
  phone: phoneSchema,
  // Accepted so that older clients keep working, and ignored: the store composes the checkout's
  // description from the order, in `language` (ordering/description.ts).
  description: text({ field: 'Description', max: 500, multiline: true })
    .optional()
    .default('')
    .meta({ description: 'Ignored: the store composes the description from the order, in `language`.' }),
  paymentMethod: z.enum(PAYMENT_METHODS).optional().default(DEFAULT_PAYMENT_METHOD),
  language: z.enum(CHECKOUT_LANGUAGES).optional().default('ar'),
  items: z
    .array(checkoutItemSchema, { error: coded('cart.empty') })
    .min(1, coded('cart.empty'))
    .max(CART_LINES_MAX, coded('cart.too_many_lines', { max: CART_LINES_MAX })),
});

export const processSuccessfulOrderSchema = z.object({
  checkoutId: text({ field: 'checkoutId', max: 200, required: coded('checkout.id_required') }),
  customerData: z
    .object({ phone: text({ field: 'Phone number', max: 40 }).optional() })
    .partial()
    .optional(),
  orderItems: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
});

/** The order's private link token, the shopper's proof (docs/product.md#order-page). */
const accessTokenSchema = text({ field: 'accessToken', max: 100, required: coded('order.access_token_required') });

/** The shopper changes the order's phone, proving it is theirs with the order's private link token. */
export const updatePhoneSchema = z.object({
  accessToken: accessTokenSchema,
  /** Accepted for older clients; the token names the order. */
  orderId: text({ field: 'orderId', max: 100 }).optional(),
  phone: phoneSchema,
});

/** An order number as people say it: 1042, "1042" or "#1042". */
export const orderNumberSchema = z
  .union([z.number(), z.string()], { error: orderNumberMessage })
  .transform((value, ctx) => {
    const number = orderNumberOf(value);
    if (number === undefined) {
      ctx.addIssue({ code: 'custom', message: orderNumberMessage });
      return z.NEVER;
    }
    return number;
  })
  .meta({ examples: ['#1042'] });

/** POST /api/orders/lookup: Find my order. */
export const orderLookupSchema = z.object({ phone: phoneSchema, number: orderNumberSchema });

/** POST /api/admin/orders/{id}/whatsapp-sent. */
export const whatsappSentSchema = z.object({ withDetails: z.boolean().optional().default(false) });

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: coded('order.status_invalid', { allowed: ORDER_STATUSES.join(', ') }) }),
});

/** POST /api/admin/orders/{id}/payment-decision: accept a mismatched payment, or cancel the order. */
export const paymentDecisionSchema = z.object({
  decision: z.enum(PAYMENT_DECISIONS, {
    error: coded('order.payment_decision', { allowed: PAYMENT_DECISIONS.join(', ') }),
  }),
});

// The admin lists' queries (GET /api/admin/orders, /customers, their CSVs, /dashboard/stats).

/** A page of an admin list, and its search: the orders list's conventions, shared by the other lists. */
export const pageQuery = {
  page: z.coerce
    .number({ error: coded('request.page') })
    .int(coded('request.page'))
    .min(1, coded('request.page'))
    .default(1),
  limit: z.coerce
    .number({ error: coded('request.page_size', { max: 100 }) })
    .int(coded('request.page_size', { max: 100 }))
    .min(1, coded('request.page_size', { max: 100 }))
    .max(100, coded('request.page_size', { max: 100 }))
    .default(10),
  search: text({ field: 'Search', max: 200 }).optional(),
};

export const ordersQuerySchema = z.object({
  ...pageQuery,
  status: z
    .enum(['all', ...ORDER_STATUSES], { error: coded('orders.status_filter', { allowed: ORDER_STATUSES.join(', ') }) })
    .default('all'),
  /** Only orders with a subscription awaiting its activation details (docs/product.md#subscriptions). */
  delivery: z.enum(['awaiting'], { error: coded('orders.delivery_filter') }).optional(),
});

export const customersQuerySchema = z.object(pageQuery);

export const dashboardStatsQuerySchema = z.object({
  range: z
    .enum(['7', '30', '90'], { error: coded('dashboard.range') })
    .default('30')
    .transform(Number),
});

export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

/** POST /api/admin/orders/{id}/refund: what an administrator gave back outside the store (docs/product.md#refunds). */
export const refundSchema = z.object({
  // isRefundAmount's rule, said so the API's description shows it (an integer, at least 1).
  amount: z.preprocess(
    typedNumber,
    z.number({ error: refundMessages.amount }).int(refundMessages.amount).min(1, refundMessages.amount),
  ),
  reason: text(REFUND_REASON_RULE),
  method: z.enum(REFUND_METHODS, { error: refundMessages.method }),
  date: z
    .string({ error: refundMessages.date })
    .regex(/^\d{4}-\d{2}-\d{2}$/, refundMessages.date)
    .refine(isCalendarDay, refundMessages.date)
    .meta({ examples: ['2026-11-29'] }),
});
