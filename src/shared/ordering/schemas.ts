import { z } from 'zod';
import { text } from '../text/schemas';
import {
  CHECKOUT_LANGUAGES,
  DEFAULT_PAYMENT_METHOD,
  ORDER_STATUSES,
  PAYMENT_DECISIONS,
  PAYMENT_METHODS,
  QUANTITY_MAX,
  normalisePhone,
  orderMessages,
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
  productId: text({ field: 'Product id', max: 100, required: 'Each item needs a productId' }),
  duration: text({ field: 'Duration', max: 40, required: 'Each item needs a duration' }),
  quantity: z.coerce
    .number({ error: orderMessages.quantity })
    .int(orderMessages.quantity)
    .min(1, orderMessages.quantity)
    .max(QUANTITY_MAX, orderMessages.quantity),
});

export const createCheckoutSchema = z.object({
  amount: z.coerce.number({ error: 'amount must be a number' }).nonnegative('amount must be a number'),
  email: text({ field: 'Email', max: 200 }).optional().default(''),
  fullName: text({ field: 'Full name', max: 200 }).optional().default(''),
  phone: phoneSchema,
  description: text({ field: 'Description', max: 500, multiline: true }).optional().default(''),
  paymentMethod: z.enum(PAYMENT_METHODS).optional().default(DEFAULT_PAYMENT_METHOD),
  language: z.enum(CHECKOUT_LANGUAGES).optional().default('ar'),
  items: z
    .array(checkoutItemSchema, { error: 'Your cart is empty' })
    .min(1, 'Your cart is empty')
    .max(50, 'At most 50 lines per order'),
});

export const processSuccessfulOrderSchema = z.object({
  checkoutId: text({ field: 'checkoutId', max: 200, required: 'checkoutId is required' }),
  customerData: z
    .object({ phone: text({ field: 'Phone number', max: 40 }).optional() })
    .partial()
    .optional(),
  orderItems: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
});

export const updatePhoneSchema = z.object({
  orderId: text({ field: 'orderId', max: 100, required: 'orderId is required' }),
  phone: phoneSchema,
});

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

/** POST /api/admin/orders/{id}/payment-decision: accept a mismatched payment, or cancel the order. */
export const paymentDecisionSchema = z.object({
  decision: z.enum(PAYMENT_DECISIONS, { error: `decision must be one of ${PAYMENT_DECISIONS.join(', ')}` }),
});

// The admin lists' queries (GET /api/admin/orders, /customers, their CSVs, /dashboard/stats).

const pageQuery = {
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(10),
  search: text({ field: 'Search', max: 200 }).optional(),
};

export const ordersQuerySchema = z.object({
  ...pageQuery,
  status: z
    .enum(['all', ...ORDER_STATUSES], { error: `status must be all, ${ORDER_STATUSES.join(', ')}` })
    .default('all'),
});

export const customersQuerySchema = z.object(pageQuery);

export const dashboardStatsQuerySchema = z.object({
  range: z.enum(['7', '30', '90'], { error: 'range must be 7, 30 or 90' }).default('30').transform(Number),
});

export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;
