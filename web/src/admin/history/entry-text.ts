import {
  AUDIT_COMMAND_LINE,
  AUDIT_PRICE_FIELD_PREFIX,
  readAuditItem,
  readAuditPrice,
  readAuditPriceLine,
  textFieldOf,
  type AuditAction,
  type AuditEntityType,
} from '@shared/audit/constants';
import { isCatalogueLanguage } from '@shared/catalogue/constants';
import type { AuditChange, AuditEntry, AuditValue } from '@shared/audit/types';
import { CHECKOUT_LANGUAGES, ORDER_STATUSES, isRefundMethod, type CheckoutLanguage } from '@shared/ordering/constants';
import { ACTIVATION_KIND_LABELS, REMINDER_STEPS } from '@shared/subscriptions/constants';
import type { ReminderStep } from '@shared/subscriptions/types';
import type { AdminMessageId, MessageValues } from '../i18n';
import { givenEmail, givenName } from '../ui/customer-name';

// How an audit entry reads (pure, so tests can check every action and field): its sentence, who
// did it, each changed field's name, and each value as the back office writes it (money in Da,
// yes / no, lists, "—" for nothing).

type Text = (id: AdminMessageId, values?: MessageValues) => string;

/** One sentence per action ("{who} changed the prices of {entity}"). */
export const ACTION_TEXT: Record<AuditAction, AdminMessageId> = {
  'user.created': 'admin.history.action.user.created',
  'user.updated': 'admin.history.action.user.updated',
  'user.password_changed': 'admin.history.action.user.password_changed',
  'user.settings_changed': 'admin.history.action.user.settings_changed',
  'user.deleted': 'admin.history.action.user.deleted',
  'category.created': 'admin.history.action.category.created',
  'category.updated': 'admin.history.action.category.updated',
  'category.image_changed': 'admin.history.action.category.image_changed',
  'category.deleted': 'admin.history.action.category.deleted',
  'category.restored': 'admin.history.action.category.restored',
  'product.created': 'admin.history.action.product.created',
  'product.updated': 'admin.history.action.product.updated',
  'product.category_changed': 'admin.history.action.product.category_changed',
  'product.prices_changed': 'admin.history.action.product.prices_changed',
  'product.image_changed': 'admin.history.action.product.image_changed',
  'product.activated': 'admin.history.action.product.activated',
  'product.deactivated': 'admin.history.action.product.deactivated',
  'product.deleted': 'admin.history.action.product.deleted',
  'product.restored': 'admin.history.action.product.restored',
  'order.placed': 'admin.history.action.order.placed',
  'order.paid': 'admin.history.action.order.paid',
  'order.trial_granted': 'admin.history.action.order.trial_granted',
  'order.payment_failed': 'admin.history.action.order.payment_failed',
  'order.payment_mismatched': 'admin.history.action.order.payment_mismatched',
  'order.payment_accepted': 'admin.history.action.order.payment_accepted',
  'order.payment_rejected': 'admin.history.action.order.payment_rejected',
  'order.phone_changed': 'admin.history.action.order.phone_changed',
  'order.dispatched': 'admin.history.action.order.dispatched',
  'order.delivered': 'admin.history.action.order.delivered',
  'order.link_renewed': 'admin.history.action.order.link_renewed',
  'order.sent_on_whatsapp': 'admin.history.action.order.sent_on_whatsapp',
  'order.reminded': 'admin.history.action.order.reminded',
  'order.renewed': 'admin.history.action.order.renewed',
  'order.refunded': 'admin.history.action.order.refunded',
  'order.note_added': 'admin.history.action.order.note_added',
  'customer.note_added': 'admin.history.action.customer.note_added',
  'order.deleted': 'admin.history.action.order.deleted',
  'order.restored': 'admin.history.action.order.restored',
  'shop.legal_changed': 'admin.history.action.shop.legal_changed',
  'shop.language_changed': 'admin.history.action.shop.language_changed',
};

const FIELD_TEXT: Record<string, AdminMessageId> = {
  name: 'admin.history.field.name',
  description: 'admin.history.field.description',
  channels: 'admin.history.field.channels',
  quality: 'admin.history.field.quality',
  devices: 'admin.history.field.devices',
  popular: 'admin.history.field.popular',
  vod: 'admin.history.field.vod',
  features: 'admin.history.field.features',
  category: 'admin.history.field.category',
  prices: 'admin.history.field.prices',
  active: 'admin.history.field.active',
  image: 'admin.history.field.image',
  slug: 'admin.history.field.slug',
  username: 'admin.history.field.username',
  role: 'admin.history.field.role',
  email: 'admin.history.field.email',
  phone: 'admin.history.field.phone',
  language: 'admin.history.field.language',
  timezone: 'admin.history.field.timezone',
  dateFormat: 'admin.history.field.dateFormat',
  'notifications.emailNotifications': 'admin.history.field.notifications.emailNotifications',
  'notifications.orderUpdates': 'admin.history.field.notifications.orderUpdates',
  'notifications.newCustomers': 'admin.history.field.notifications.newCustomers',
  'notifications.productUpdates': 'admin.history.field.notifications.productUpdates',
  customer: 'admin.history.field.customer',
  total: 'admin.history.field.total',
  amount: 'admin.history.field.amount',
  currency: 'admin.history.field.currency',
  expectedAmount: 'admin.history.field.expectedAmount',
  expectedCurrency: 'admin.history.field.expectedCurrency',
  paymentMethod: 'admin.history.field.paymentMethod',
  items: 'admin.history.field.items',
  status: 'admin.history.field.status',
  reason: 'admin.history.field.reason',
  activation: 'admin.history.field.activation',
  withDetails: 'admin.history.field.withDetails',
  reminder: 'admin.history.field.reminder',
  renewedBy: 'admin.history.field.renewedBy',
  note: 'admin.history.field.note',
  method: 'admin.history.field.method',
  refundedOn: 'admin.history.field.refundedOn',
  trial: 'admin.history.field.trial',
  defaultLanguage: 'admin.history.field.defaultLanguage',
  legalName: 'admin.history.field.legalName',
  rc: 'admin.history.field.rc',
  nif: 'admin.history.field.nif',
  address: 'admin.history.field.address',
  'terms.ar': 'admin.history.field.terms.ar',
  'terms.fr': 'admin.history.field.terms.fr',
  'terms.en': 'admin.history.field.terms.en',
  'refunds.ar': 'admin.history.field.refunds.ar',
  'refunds.fr': 'admin.history.field.refunds.fr',
  'refunds.en': 'admin.history.field.refunds.en',
};

/** Fields that hold an amount of money (whole dinars). */
const MONEY_FIELDS = new Set(['total', 'amount', 'expectedAmount']);

/**
 * What a value is worded with, in the admin's language: their messages, money as the screens write it, and the
 * storefront's names of durations and payment methods (a value the screens do not know stays as sent).
 */
export interface Words {
  t: Text;
  price: (amount: number) => string;
  duration: (duration: string) => string;
  paymentMethod: (method: string) => string;
}

/** A field's name in the admin's language; one the screens do not know yet shows as the server names it. */
export function fieldLabel(words: Words, field: string): string {
  if (FIELD_TEXT[field]) return words.t(FIELD_TEXT[field]);
  // One language's text: `name.ar` → "Name (Arabic)" (docs/product.md#catalogue-languages).
  const text = textFieldOf(field);
  if (text && isCatalogueLanguage(text.language))
    return words.t('admin.history.field.inLanguage', {
      field: words.t(FIELD_TEXT[text.field]!),
      language: words.t(`admin.language.${text.language}`),
    });
  // One duration's price: `prices.1 month` → "Price (1 month)".
  if (field.startsWith(AUDIT_PRICE_FIELD_PREFIX))
    return words.t('admin.history.field.priceOf', {
      duration: words.duration(field.slice(AUDIT_PRICE_FIELD_PREFIX.length)),
    });
  return field;
}

/** The shop's entity that is its catalogue's default language (the audit trail's CATALOGUE_LANGUAGE_ENTITY_ID). */
const isCatalogueLanguageEntity = (entity: { type: AuditEntityType; id: string }) =>
  entity.type === 'shop' && entity.id === 'language';

/** How an entry names its entity: its label, or for the catalogue's default language the language chosen, by name. */
export function entityLabel(t: Text, entity: { type: AuditEntityType; id: string; label: string }): string {
  return isCatalogueLanguageEntity(entity) && isCatalogueLanguage(entity.label)
    ? t(`admin.language.${entity.label}`)
    : entity.label;
}

/** Who acted: an admin's name (as it was then), "Shopper", "Payment (<provider>)" or "System". */
export function actorLabel(t: Text, actor: AuditEntry['actor']): string {
  switch (actor.type) {
    case 'admin':
      return actor.name ?? t('admin.history.who.unknownAdmin');
    case 'shopper':
      return t('admin.history.who.shopper');
    case 'payment':
      return t('admin.history.who.payment', { provider: providerText(t, actor.name ?? actor.id) });
    case 'system':
      return t(actor.name === AUDIT_COMMAND_LINE ? 'admin.history.who.commandLine' : 'admin.history.who.system');
  }
}

const isNothing = (value: AuditValue) => value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A value as the screens write it: money in Da, yes / no, a list's items, "—" for nothing, names for codes. */
export function valueText(words: Words, field: string, value: AuditValue): string {
  const { t, price } = words;
  if (value === null || isNothing(value)) return t('admin.history.empty.value');
  if (typeof value === 'boolean') return t(value ? 'admin.history.yes' : 'admin.history.no');
  if (Array.isArray(value)) return value.map((item) => listItemText(words, field, item)).join(', ');
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? price(value) : String(value);
  if (field.startsWith(AUDIT_PRICE_FIELD_PREFIX)) return priceText(words, value);
  switch (field) {
    case 'status':
      return statusText(t, value);
    // The checkout's placeholder name and e-mail are nobody's (docs/product.md#customers).
    case 'customer':
      return givenName(value) ?? t('admin.history.empty.value');
    case 'email':
      return givenEmail(value) ?? t('admin.history.empty.value');
    case 'language':
      return isLanguage(value) ? t(`admin.orders.whatsapp.language.${value}`) : value;
    case 'paymentMethod':
      return words.paymentMethod(value);
    case 'reminder':
      return isReminderStep(value) ? t(`admin.subscriptions.step.${value}`) : value;
    // Why a payment failed, as the provider's outcome says it (failed, canceled, expired).
    case 'reason':
      return isPaymentFailure(value) ? t(`admin.history.reason.${value}`) : value;
    // Which kinds were delivered, as the trail wrote them ("Xtream, Code"): each by its name in the admin's language.
    case 'activation':
      return value
        .split(', ')
        .map((label) => {
          const kind = KIND_OF_LABEL.get(label);
          return kind ? t(`admin.orders.delivery.kind.${kind}`) : label;
        })
        .join(', ');
    // How a refund was given back (docs/product.md#refunds): "Bank card", not "card".
    case 'method':
      return isRefundMethod(value) ? t(`admin.orders.refund.method.${value}`) : value;
    // The catalogue's default language (docs/product.md#shop-settings): "Arabic", not "ar".
    case 'defaultLanguage':
      return isCatalogueLanguage(value) ? t(`admin.language.${value}`) : value;
    default:
      return value;
  }
}

/** The outcomes of a failed payment (OrderPaymentFailed's reason). */
const PAYMENT_FAILURES = ['failed', 'canceled', 'expired'] as const;
const isPaymentFailure = (value: string): value is (typeof PAYMENT_FAILURES)[number] =>
  (PAYMENT_FAILURES as readonly string[]).includes(value);
const KIND_OF_LABEL = new Map(
  Object.entries(ACTIVATION_KIND_LABELS).map(([kind, label]) => [label, kind as keyof typeof ACTIVATION_KIND_LABELS]),
);

/** A payment provider by name: the sandbox (the provider's stand-in) in the admin's words, a brand as it is. */
const providerText = (t: Text, provider: string) =>
  provider === 'sandbox' ? t('admin.history.provider.sandbox') : provider;

const isLanguage = (value: string): value is CheckoutLanguage =>
  (CHECKOUT_LANGUAGES as readonly string[]).includes(value);
const isReminderStep = (value: string): value is ReminderStep => (REMINDER_STEPS as readonly string[]).includes(value);

/** `1800 Da (off)` → "1800 Da (off)" in the admin's words. */
function priceText(words: Words, text: string): string {
  const read = readAuditPrice(text);
  if (!read) return text;
  return read.active ? words.price(read.price) : words.t('admin.history.priceOff', { price: words.price(read.price) });
}

/** A price list's line (`1 month: 1500 Da`) or an order's line (`2 × Gold (1 month)`), durations by name. */
function listItemText(words: Words, field: string, item: string): string {
  if (field === 'prices') {
    const line = readAuditPriceLine(item);
    return line ? `${words.duration(line.duration)}: ${priceText(words, line.price)}` : item;
  }
  if (field === 'items') {
    const line = readAuditItem(item);
    return line ? `${line.quantity} × ${line.name} (${words.duration(line.duration)})` : item;
  }
  return item;
}

function statusText(t: Text, status: string): string {
  if ((ORDER_STATUSES as readonly string[]).includes(status))
    return t(`admin.order.status.${status as (typeof ORDER_STATUSES)[number]}`);
  return status === 'deleted' ? t('admin.history.status.deleted') : status;
}

/** A creation lists its first values: there is no "before" to show. */
export const isCreation = (entry: Pick<AuditEntry, 'action'>) =>
  entry.action.endsWith('.created') || entry.action === 'order.placed';

/** Changes worth a line: a creation's empty fields are left out. */
export const shownChanges = (entry: AuditEntry): AuditChange[] =>
  isCreation(entry) ? entry.changes.filter((change) => !isNothing(change.after)) : entry.changes;

/** Where an entry's entity is looked at in the back office; none once the entry says it was deleted. */
export type EntityPlace =
  | { to: '/admin/products/edit/$id'; params: { id: string } }
  | { to: '/admin/customers/$phone'; params: { phone: string } }
  | { to: '/admin/categories' | '/admin/users'; search: { search: string } }
  | { to: '/admin/orders'; search: { id: string } }
  | { to: '/admin/settings'; search: { tab: 'shop' | 'catalogue' } };

export function entityPlace(entity: { type: AuditEntityType; id: string; label: string }): EntityPlace {
  switch (entity.type) {
    case 'product':
      return { to: '/admin/products/edit/$id', params: { id: entity.id } };
    case 'category':
      return { to: '/admin/categories', search: { search: entity.label } };
    case 'user':
      return { to: '/admin/users', search: { search: entity.label } };
    case 'order':
      return { to: '/admin/orders', search: { id: entity.id } };
    case 'customer':
      return { to: '/admin/customers/$phone', params: { phone: entity.id } };
    case 'shop':
      // The shop's identity and its catalogue's default language are tabs of Settings
      // (docs/product.md#legal-information, #shop-settings).
      return { to: '/admin/settings', search: { tab: isCatalogueLanguageEntity(entity) ? 'catalogue' : 'shop' } };
  }
}

/** Entries that say their entity is gone link nowhere. */
export const isDeletion = (entry: Pick<AuditEntry, 'action'>) => entry.action.endsWith('.deleted');

/**
 * The entries of one product's or category's history (newest first) whose version can be restored:
 * not the newest (it is what the entity holds), not a deletion, and only the last entry a request
 * wrote: one save may write several events (details, prices, active), and the versions between
 * them are halves of an edit nobody saved.
 */
export function restorableEntries(entries: readonly AuditEntry[]): Set<string> {
  const restorable = new Set<string>();
  const requestsSeen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const lastOfItsRequest = !requestsSeen.has(entry.correlationId);
    requestsSeen.add(entry.correlationId);
    const kind = entry.entity.type === 'product' || entry.entity.type === 'category';
    if (index > 0 && lastOfItsRequest && kind && !isDeletion(entry)) restorable.add(entry.id);
  }
  return restorable;
}
