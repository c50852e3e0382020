import { z } from 'zod';

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

export const phoneSchema = z
  .string({ error: phoneMessages.required })
  .superRefine((value, ctx) => {
    const error = phoneError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform(normalisePhone);

export const checkoutItemSchema = z.object({
  productId: z.string({ error: 'Each item needs a productId' }).trim().min(1, 'Each item needs a productId').max(100),
  duration: z.string({ error: 'Each item needs a duration' }).trim().min(1, 'Each item needs a duration').max(40),
  quantity: z.coerce.number({ error: 'Quantity must be a whole number from 1 to 100' }).int('Quantity must be a whole number from 1 to 100').min(1, 'Quantity must be a whole number from 1 to 100').max(100, 'Quantity must be a whole number from 1 to 100'),
});

export const createCheckoutSchema = z.object({
  amount: z.coerce.number({ error: 'amount must be a number' }).nonnegative('amount must be a number'),
  email: z.string().trim().max(200).optional().default(''),
  fullName: z.string().trim().max(200).optional().default(''),
  phone: phoneSchema,
  description: z.string().trim().max(500).optional().default(''),
  paymentMethod: z.enum(PAYMENT_METHODS).optional().default('baridi_mob'),
  language: z.enum(['ar', 'fr', 'en']).optional().default('ar'),
  items: z.array(checkoutItemSchema, { error: 'Your cart is empty' }).min(1, 'Your cart is empty').max(50, 'At most 50 lines per order'),
});

export const processSuccessfulOrderSchema = z.object({
  checkoutId: z.string({ error: 'checkoutId is required' }).trim().min(1, 'checkoutId is required').max(200),
  customerData: z.object({ phone: z.string().optional() }).partial().optional(),
  orderItems: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
});

export const updatePhoneSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
  phone: phoneSchema,
});

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;
