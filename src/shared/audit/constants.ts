import { coded } from '../errors/coded';

// The audit trail's vocabulary, shared by the server and the back office (zod-free).

/** What an entry is about. */
export const AUDIT_ENTITY_TYPES = ['user', 'category', 'product', 'order', 'customer', 'shop'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Who caused an entry: an admin (by id, with their name at the time), a shopper, the payment
 * provider (a payment's outcome, named by the order's provider) or the store itself (seeding, the
 * first administrator).
 */
export const AUDIT_ACTOR_TYPES = ['admin', 'shopper', 'payment', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The name of the `system` actor of an entry an operator caused from the command line (`npm run admin`). */
export const AUDIT_COMMAND_LINE = 'command line';

/** Every action an entry may name: `<entity>.<what happened>`, one per kind of event. */
export const AUDIT_ACTIONS = [
  'user.created',
  'user.updated',
  'user.password_changed',
  'user.settings_changed',
  'user.deleted',
  'category.created',
  'category.updated',
  'category.image_changed',
  'category.deleted',
  'category.restored',
  'product.created',
  'product.updated',
  'product.category_changed',
  'product.prices_changed',
  'product.image_changed',
  'product.activated',
  'product.deactivated',
  'product.deleted',
  'product.restored',
  'order.placed',
  'order.paid',
  'order.trial_granted',
  'order.payment_failed',
  'order.payment_mismatched',
  'order.payment_accepted',
  'order.payment_rejected',
  'order.phone_changed',
  'order.dispatched',
  'order.delivered',
  'order.link_renewed',
  'order.sent_on_whatsapp',
  'order.reminded',
  'order.renewed',
  'order.refunded',
  'order.note_added',
  'customer.note_added',
  'order.deleted',
  'order.restored',
  'shop.legal_changed',
  'shop.language_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * When prices change, each duration whose price or availability changed is one field, named with
 * this prefix and the duration (`prices.1 month`: `1500 Da` → `1800 Da (off)`).
 */
export const AUDIT_PRICE_FIELD_PREFIX = 'prices.';

// Values the trail composes, written here once so the back office can read them back and say them in the
// admin's language (the duration's name, "off", the amount as Da are the screen's to word).

/** A duration's price: `1500 Da`, or `1800 Da (off)` while the duration is switched off. */
export const auditPriceText = (price: number, active: boolean): string => `${price} Da${active ? '' : ' (off)'}`;

export function readAuditPrice(text: string): { price: number; active: boolean } | undefined {
  const match = /^(\d+) Da( \(off\))?$/.exec(text);
  return match ? { price: Number(match[1]), active: !match[2] } : undefined;
}

/** A product's price list, one line per duration: `1 month: 1500 Da`. */
export const auditPriceLine = (duration: string, price: number, active: boolean): string =>
  `${duration}: ${auditPriceText(price, active)}`;

export function readAuditPriceLine(line: string): { duration: string; price: string } | undefined {
  const at = line.lastIndexOf(': ');
  return at < 0 ? undefined : { duration: line.slice(0, at), price: line.slice(at + 2) };
}

/** An order's line: `2 × Gold (3 months)`. */
export const auditItemText = (quantity: number, name: string, duration: string): string =>
  `${quantity} × ${name} (${duration})`;

export function readAuditItem(text: string): { quantity: number; name: string; duration: string } | undefined {
  const match = /^(\d+) × (.*) \(([^()]+)\)$/.exec(text);
  return match ? { quantity: Number(match[1]), name: match[2]!, duration: match[3]! } : undefined;
}

/**
 * A catalogue item's texts are audited per language (docs/product.md#catalogue-languages): one field per text and
 * language, `name.ar`, `description.fr`, `features.en`, so the trail says which language changed.
 */
export const AUDIT_TEXT_FIELDS = ['name', 'description', 'features'] as const;
export type AuditTextField = (typeof AUDIT_TEXT_FIELDS)[number];
export const languageField = (field: AuditTextField, language: string): string => `${field}.${language}`;

/** The text field and language of a field named by languageField, if it is one. */
export function textFieldOf(field: string): { field: AuditTextField; language: string } | undefined {
  const match = /^(name|description|features)\.(ar|fr|en)$/.exec(field);
  return match ? { field: match[1] as AuditTextField, language: match[2]! } : undefined;
}

/** Page sizes of GET /api/admin/audit. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;
/** Longest free-text search. */
export const AUDIT_SEARCH_MAX = 200;

export const auditMessages = {
  limit: coded('request.page_size', { max: AUDIT_PAGE_MAX }),
  cursor: coded('audit.cursor'),
  date: coded('audit.date'),
  range: coded('audit.range'),
  entityType: coded('audit.entity_type', { allowed: AUDIT_ENTITY_TYPES.join(', ') }),
  action: coded('audit.action'),
} as const;
