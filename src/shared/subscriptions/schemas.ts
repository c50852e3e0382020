import { z } from 'zod';
import { coded } from '../errors/coded';
import { text } from '../text/schemas';
import { pageQuery } from '../ordering/schemas';
import { DELIVERY_LIMITS, isPlayerUrl, normaliseMac, REMINDER_STEPS, SUBSCRIPTION_VIEWS } from './constants';

// The delivery body the server accepts (docs/product.md#subscriptions): per subscription one kind
// of activation details, each field checked by the shared text rule.

const required = (field: string) => coded('text.required', { field });

const playerUrl = (field: string) =>
  text({ field, max: DELIVERY_LIMITS.url, required: required(field) })
    .refine(isPlayerUrl, coded('delivery.invalid_url', { field }))
    .meta({ examples: ['http://tv.example.dz:8080/'] });

const mac = text({ field: 'MAC address', max: 40, required: required('MAC address') })
  .refine((value) => normaliseMac(value) !== undefined, coded('delivery.invalid_mac'))
  .meta({ examples: ['00:1A:79:AB:CD:EF'] })
  .transform((value) => normaliseMac(value)!);

const note = text({ field: 'Note', max: DELIVERY_LIMITS.note, multiline: true }).optional();

const subscriptionId = text({ field: 'Subscription id', max: 100, required: required('subscriptionId') });

export const xtreamSchema = z.object({
  subscriptionId,
  kind: z.literal('xtream'),
  serverUrl: playerUrl('Server URL'),
  username: text({ field: 'Username', max: DELIVERY_LIMITS.username, required: required('Username') }),
  // As typed: a password may start or end with a space.
  password: text({ field: 'Password', max: DELIVERY_LIMITS.password, verbatim: true, required: required('Password') }),
  note,
});

export const m3uSchema = z.object({
  subscriptionId,
  kind: z.literal('m3u'),
  playlistUrl: playerUrl('Playlist URL'),
  note,
});

export const magSchema = z.object({
  subscriptionId,
  kind: z.literal('mag'),
  portalUrl: playerUrl('Portal URL'),
  mac,
  note,
});

export const codeSchema = z.object({
  subscriptionId,
  kind: z.literal('code'),
  code: text({ field: 'Code', max: DELIVERY_LIMITS.code, required: required('Code') }),
  note,
});

export const deliveredSubscriptionSchema = z.discriminatedUnion(
  'kind',
  [xtreamSchema, m3uSchema, magSchema, codeSchema],
  { error: coded('delivery.invalid_kind') },
);

export const deliverySchema = z.object({
  message: text({ field: 'Message', max: DELIVERY_LIMITS.message, multiline: true }).optional(),
  subscriptions: z
    .array(deliveredSubscriptionSchema, { error: coded('delivery.subscriptions_required') })
    .min(1, coded('delivery.subscriptions_required'))
    .max(DELIVERY_LIMITS.subscriptions, coded('delivery.too_many', { max: DELIVERY_LIMITS.subscriptions })),
});

export type DeliveryBody = z.infer<typeof deliverySchema>;

/** GET /api/admin/subscriptions (and its CSV): a view, a search (phone, order number, package), a page. */
export const subscriptionsQuerySchema = z.object({
  ...pageQuery,
  view: z
    .enum(SUBSCRIPTION_VIEWS, { error: coded('subscriptions.view', { allowed: SUBSCRIPTION_VIEWS.join(', ') }) })
    .default('active'),
});

/** POST /api/admin/subscriptions/{id}/reminders. */
export const reminderSchema = z.object({
  step: z.enum(REMINDER_STEPS, { error: coded('subscriptions.reminder_step', { allowed: REMINDER_STEPS.join(', ') }) }),
});
