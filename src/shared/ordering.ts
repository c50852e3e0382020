import { z } from 'zod';
import { text } from './text';

// Shapes and messages of checkout, payment and orders, shared by the server and the web app.

export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'dispatched'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['baridi_mob', 'card'] as const;

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Must be a valid Algerian phone number (starting with 05, 06, or 07 and consisting of 10 digits)',
} as const;

/** SPEC §5: strip non-digits; 10 digits starting 05, 06 or 07. Returns the digits. */
export function normalisePhone(raw: string): string {
  return raw.replace(/\D/g, '');
}

export function phoneError(raw: string | undefined | null): string | undefined {
  if (!raw || !raw.trim()) return phoneMessages.required;
  return /^0[567]\d{8}$/.test(normalisePhone(raw)) ? undefined : phoneMessages.invalid;
}

export const QUANTITY_MAX = 100;
/** The most one order may cost: far beyond any real cart, and far below what the sums can hold. */
export const ORDER_TOTAL_MAX = 10_000_000;

export const orderMessages = {
  quantity: `Quantity must be a whole number from 1 to ${QUANTITY_MAX}`,
  overMax: `This order is over the maximum of ${ORDER_TOTAL_MAX.toLocaleString('en-US')} Da per order. Please split it into smaller orders.`,
} as const;

// A blank phone is phoneError's to name.
export const phoneSchema = text({ field: 'Phone number', max: 40, notText: phoneMessages.required })
  .superRefine((value, ctx) => {
    const error = phoneError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform(normalisePhone);

export const checkoutItemSchema = z.object({
  productId: text({ field: 'Product id', max: 100, required: 'Each item needs a productId' }),
  duration: text({ field: 'Duration', max: 40, required: 'Each item needs a duration' }),
  quantity: z.coerce.number({ error: orderMessages.quantity }).int(orderMessages.quantity).min(1, orderMessages.quantity).max(QUANTITY_MAX, orderMessages.quantity),
});

export const createCheckoutSchema = z.object({
  amount: z.coerce.number({ error: 'amount must be a number' }).nonnegative('amount must be a number'),
  email: text({ field: 'Email', max: 200 }).optional().default(''),
  fullName: text({ field: 'Full name', max: 200 }).optional().default(''),
  phone: phoneSchema,
  description: text({ field: 'Description', max: 500, multiline: true }).optional().default(''),
  paymentMethod: z.enum(PAYMENT_METHODS).optional().default('baridi_mob'),
  language: z.enum(['ar', 'fr', 'en']).optional().default('ar'),
  items: z.array(checkoutItemSchema, { error: 'Your cart is empty' }).min(1, 'Your cart is empty').max(50, 'At most 50 lines per order'),
});

export const processSuccessfulOrderSchema = z.object({
  checkoutId: text({ field: 'checkoutId', max: 200, required: 'checkoutId is required' }),
  customerData: z.object({ phone: text({ field: 'Phone number', max: 40 }).optional() }).partial().optional(),
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

export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;
