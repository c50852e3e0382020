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
  'order.refunded',
  'order.note_added',
  'customer.note_added',
  'order.deleted',
  'order.restored',
  'shop.language_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * When prices change, each duration whose price or availability changed is one field, named with
 * this prefix and the duration (`prices.1 month`: `1500 Da` → `1800 Da (off)`).
 */
export const AUDIT_PRICE_FIELD_PREFIX = 'prices.';

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
