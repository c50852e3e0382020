import { isDeepStrictEqual } from 'node:util';
import {
  LEGACY_TEXT_LANGUAGE,
  upcastCatalogueEvent,
  type CatalogueEvent,
  type ImageRef,
  type ProductDetails,
  type ProductValues,
  type CatalogueLanguageEvent,
} from '../../modules/catalogue/events';
import { upcastIdentityEvent, type IdentityEvent } from '../../modules/identity/events';
import { upcastOrderEvent, type OrderEvent, type PlacedOrder } from '../../modules/ordering/events';
import { COMMAND_LINE, SHOPPER, SYSTEM, type CommandOrigin, type RecordedEvent } from '../../platform/eventstore/port';
import {
  AUDIT_COMMAND_LINE,
  AUDIT_PRICE_FIELD_PREFIX,
  AUDIT_TEXT_FIELDS,
  auditItemText,
  auditPriceLine,
  languageField,
  readAuditPriceLine,
  type AuditAction,
  type AuditActorType,
  type AuditChange,
  type AuditEntityType,
  type AuditValue,
} from '../../shared/audit';
import {
  CATALOGUE_LANGUAGES,
  INITIAL_SHOP_LANGUAGE,
  type PriceDuration,
  type Translations,
} from '../../shared/catalogue';
import { defaultSettings, type Settings } from '../../shared/identity';
import type { AuditEntryRow } from './rows';
import type {
  CategoryState,
  CounterState,
  EntityState,
  Fields,
  OrderState,
  ProductState,
  ShopState,
  UserState,
} from './state';
import { ACTIVATION_KIND_LABELS } from '../../shared/subscriptions/constants';
import type { ActivationKind } from '../../shared/subscriptions/types';
import type { NoteEvent } from '../../modules/notes/events';
import type { SubscriptionEvent } from '../../modules/subscriptions/events';
import type { ShopEvent } from '../../modules/shop/events';
import { SHOP_LANGUAGES, SHOP_LEGAL_FIELDS, SHOP_LEGAL_TEXTS } from '../../shared/shop/constants';
import type { ShopLegal } from '../../shared/shop/types';

// From one event (with its metadata) and what the projection remembers of the entity it is about,
// to one audit entry, updating that memory. Pure: projection.ts loads and stores the memory.

export const LEGACY_ORDER_NUMBERS = 'meta:legacy-order-numbers';
export const entityKey = (type: AuditEntityType, id: string) => `${type}:${id}`;

/** The states a batch works on: loaded before, written back after (`touched` says which changed). */
export class States {
  readonly touched = new Set<string>();

  constructor(private readonly states: Map<string, EntityState>) {}

  get<S extends EntityState>(key: string, kind: S['kind']): S | undefined {
    const state = this.states.get(key);
    return state?.kind === kind ? (state as S) : undefined;
  }

  /** A state read later in the batch's write, unchanged. */
  remember(key: string, state: EntityState): void {
    this.states.set(key, state);
  }

  set(key: string, state: EntityState | undefined): void {
    if (state) this.states.set(key, state);
    else this.states.delete(key);
    this.touched.add(key);
  }

  /** The state now kept under `key` (undefined: removed). */
  current(key: string): EntityState | undefined {
    return this.states.get(key);
  }

  /** Every state kept, by key. */
  all(): IterableIterator<[string, EntityState]> {
    return this.states.entries();
  }
}

/** Which fields differ between two versions, in the order of `after`'s fields, then those only `before` had. */
export function diffFields(before: Fields, after: Fields): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of Object.keys(after)) {
    const old = field in before ? before[field]! : null;
    if (!isDeepStrictEqual(old, after[field])) changes.push({ field, before: old, after: after[field]! });
  }
  for (const field of Object.keys(before))
    if (!(field in after) && before[field] !== null) changes.push({ field, before: before[field]!, after: null });
  return changes;
}

/** A creation's entry lists the initial values: every field that holds something. */
const initialValues = (fields: Fields) => diffFields({}, fields).filter((c) => !isEmpty(c.after));
const isEmpty = (value: AuditValue) => value === null || value === '' || (Array.isArray(value) && !value.length);

export const settingsFields = (s: Settings): Fields => ({
  name: s.profile.name,
  email: s.profile.email,
  phone: s.profile.phone,
  language: s.language,
  timezone: s.timezone,
  dateFormat: s.dateFormat,
  ...Object.fromEntries(Object.entries(s.notifications).map(([key, on]) => [`notifications.${key}`, on])),
});

const imagePath = (image: ImageRef | null) => image?.featured ?? null;
const priceList = (prices: PriceDuration[]): string[] =>
  prices.map((p) => auditPriceLine(p.duration, p.price, p.active));

/**
 * A change of prices, one field per duration whose price or availability changed (`prices.1 month`:
 * `1500 Da` → `1800 Da (off)`; null where the duration was added or dropped): what an admin needs
 * to read, a fraction of both whole lists (bench/live: the pushed entry is each admin's per write).
 */
function priceChanges(before: AuditValue, after: string[]): AuditChange[] {
  const byDuration = (list: AuditValue) =>
    new Map(
      (Array.isArray(list) ? list : []).flatMap((line) => {
        const read = readAuditPriceLine(line);
        return read ? [[read.duration, read.price] as const] : [];
      }),
    );
  const was = byDuration(before);
  const now = byDuration(after);
  const durations = [...now.keys(), ...[...was.keys()].filter((d) => !now.has(d))];
  return durations.flatMap((duration) => {
    const [from, to] = [was.get(duration) ?? null, now.get(duration) ?? null];
    return from === to ? [] : [{ field: `${AUDIT_PRICE_FIELD_PREFIX}${duration}`, before: from, after: to }];
  });
}

/**
 * An item's texts, one field per text and language (`name.ar`, `description.fr`, `features.en`:
 * docs/product.md#catalogue-languages), null for a language it does not have, so a language added or taken
 * out shows as a change.
 */
function textFields(translations: Translations<{ name: string; description: string; features?: string[] }>): Fields {
  const fields: Fields = {};
  for (const field of AUDIT_TEXT_FIELDS)
    for (const language of CATALOGUE_LANGUAGES) {
      const text = translations[language];
      if (field === 'features' && text && !text.features) continue;
      fields[languageField(field, language)] = text?.[field] ?? null;
    }
  return fields;
}

/**
 * Fields remembered before the catalogue had languages (`name`, `description`, `features`) as
 * the language their text was in (docs/product.md#catalogue-languages), so that an edit compares like with like.
 */
function withLanguages(fields: Fields): Fields {
  if (!('name' in fields)) return fields;
  const { name, description = null, features, ...others } = fields;
  const legacy = (field: 'name' | 'description' | 'features') => languageField(field, LEGACY_TEXT_LANGUAGE);
  return {
    [legacy('name')]: name!,
    [legacy('description')]: description,
    ...(features !== undefined && { [legacy('features')]: features }),
    ...others,
  };
}

const detailFields = (d: ProductDetails): Fields => ({
  ...textFields(d.translations),
  channels: d.channels,
  quality: d.quality,
  devices: d.devices,
  popular: d.popular,
  vod: d.vod,
});

/** Every field of a product as a creation or a restore sets them, its category named as it is called now. */
const productFields = (states: States, d: ProductValues): Fields => ({
  ...detailFields(d),
  category: categoryName(states, d.categoryId),
  prices: priceList(d.priceDurations),
  active: d.active,
  image: imagePath(d.image),
});

/** What an entry holds besides the event's own id, time, position and correlation. */
interface Described {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  label: string;
  changes?: AuditChange[];
  /** For a payment's outcome: the provider who told us. */
  provider?: string;
  /** For a restore: the version of the entity it brought back. */
  restoredVersion?: number;
}

/**
 * Every entry one event makes: its own, then those it makes on other entities. A paid renewal is
 * also said on each order it renews: "renewed by the shopper, paid by #1077" (docs/product.md#renewals).
 */
export function auditEntries(event: RecordedEvent, states: States): AuditEntryRow[] {
  const own = auditEntry(event, states);
  if (!own) return [];
  return RENEWAL_PAYMENTS.has(event.type) ? [own, ...renewalEntries(own, states)] : [own];
}

/** The order events that pay a renewal (a free trial never renews). */
const RENEWAL_PAYMENTS = new Set(['OrderPaid', 'OrderPaymentAccepted']);

/**
 * The entries of a renewal order's payment on the orders it renews. Each is the payment's entry
 * moved to the renewed order: same time and place in the log, the shopper's act, and an id derived
 * from the payment's, so a replay writes it once. Its version is the payment's revision, as for
 * notes and reminders: an order's history shows no versions.
 */
function renewalEntries(payment: AuditEntryRow, states: States): AuditEntryRow[] {
  const renews = states.get<OrderState>(entityKey('order', payment.entity_id), 'order')?.renews ?? [];
  const byOrder = new Map<string, { number: number; items: string[] }>();
  for (const { orderId, number, item } of renews) {
    const renewed = byOrder.get(orderId) ?? { number, items: [] };
    renewed.items.push(item);
    byOrder.set(orderId, renewed);
  }
  return [...byOrder].map(([orderId, { number, items }]) => ({
    ...payment,
    id: `${payment.id}:renewed:${orderId}`,
    actor_type: 'shopper',
    actor_id: SHOPPER,
    actor_name: null,
    action: 'order.renewed',
    entity_id: orderId,
    entity_label: `#${number}`,
    restored_version: null,
    changes: [
      { field: 'renewedBy', before: null, after: payment.entity_label },
      { field: 'items', before: null, after: items },
    ],
  }));
}

/** The entry for one event, or undefined for an event the trail does not show. */
export function auditEntry(event: RecordedEvent, states: States): AuditEntryRow | undefined {
  const { actor, correlationId, occurredAt, origin } = event.metadata;
  // The admin's name before this event applies: an admin renaming themselves did it under their old name.
  const admin =
    actor === SHOPPER || actor === SYSTEM ? undefined : states.get<UserState>(entityKey('user', actor), 'user');
  const described = describe(event, states);
  if (!described) return undefined;
  const who = actorOf(actor, admin?.name ?? null, described.provider, origin);
  return {
    id: event.id,
    position_commit: event.position.commit.toString(),
    position_prepare: event.position.prepare.toString(),
    occurred_at: occurredAt,
    actor_type: who.type,
    actor_id: who.id,
    actor_name: who.name,
    action: described.action,
    entity_type: described.entityType,
    entity_id: described.entityId,
    entity_label: described.label,
    entity_version: Number(event.revision),
    restored_version: described.restoredVersion ?? null,
    changes: described.changes ?? [],
    correlation_id: correlationId,
  };
}

function actorOf(
  actor: string,
  adminName: string | null,
  provider: string | undefined,
  origin: CommandOrigin | undefined,
): { type: AuditActorType; id: string; name: string | null } {
  if (actor === SHOPPER) return { type: 'shopper', id: SHOPPER, name: null };
  // The store records a payment's outcome (webhook, poll, return page) as the system: it is the provider's word.
  if (actor === SYSTEM && provider) return { type: 'payment', id: provider, name: provider };
  // An operator's recovery command (npm run admin): the system, named by where it was run.
  if (actor === SYSTEM)
    return { type: 'system', id: SYSTEM, name: origin === COMMAND_LINE ? AUDIT_COMMAND_LINE : null };
  return { type: 'admin', id: actor, name: adminName };
}

function describe(event: RecordedEvent, states: States): Described | undefined {
  if (event.type.startsWith('Admin'))
    return describeUser(upcastIdentityEvent(event as unknown as IdentityEvent), states);
  if (event.type.startsWith('Order')) return describeOrder(upcastOrderEvent(event as unknown as OrderEvent), states);
  if (event.type.startsWith('Category') || event.type.startsWith('Product'))
    return describeCatalogue(upcastCatalogueEvent(event as unknown as CatalogueEvent), states);
  if (event.type === 'CatalogueLanguageChosen')
    return describeCatalogueLanguage(event as unknown as CatalogueLanguageEvent, states);
  if (event.type === 'SubscriptionReminded') return describeReminder(event as unknown as SubscriptionReminded, states);
  if (event.type === 'NoteAdded') return describeNote(event as unknown as NoteEvent, states);
  if (event.type === 'ShopLegalChanged') return describeShopLegal(event as unknown as ShopEvent, states);
  return undefined;
}

/** The one shop's entity id: it has a single identity. */
export const SHOP_ENTITY_ID = 'shop';

/** The identity's fields, each text once per language (`terms.ar`: one language's change reads alone). */
export const shopLegalFields = (legal: ShopLegal): Fields => ({
  ...Object.fromEntries(SHOP_LEGAL_FIELDS.map((field) => [field, legal[field] ?? ''])),
  ...Object.fromEntries(
    SHOP_LEGAL_TEXTS.flatMap((text) =>
      SHOP_LANGUAGES.map((language) => [`${text}.${language}`, legal[text]?.[language] ?? '']),
    ),
  ),
});

/** A save of the shop's legal identity (docs/product.md#legal-information): each field's before → after. */
function describeShopLegal(event: ShopEvent, states: States): Described {
  const key = entityKey('shop', SHOP_ENTITY_ID);
  const old = states.get<ShopState>(key, 'shop')?.fields ?? {};
  const fields = shopLegalFields(event.data.legal);
  states.set(key, { kind: 'shop', fields });
  // Fields never set before read as empty, not as missing: the first save lists only what it fills in.
  const was = Object.fromEntries(Object.keys(fields).map((field) => [field, old[field] ?? '']));
  return {
    action: 'shop.legal_changed',
    entityType: 'shop',
    entityId: SHOP_ENTITY_ID,
    // Its legal name; a dash before it has one (any word here would stay in one language on every screen).
    label: String(fields.legalName || '—'),
    changes: diffFields(was, fields),
  };
}

type SubscriptionReminded = Extract<SubscriptionEvent, { type: 'SubscriptionReminded' }>;

/** An internal note, on its order's or its customer's history. */
function describeNote(event: NoteEvent, states: States): Described {
  const { subjectType, subjectId, text } = event.data;
  const order = subjectType === 'order' ? states.get<OrderState>(entityKey('order', subjectId), 'order') : undefined;
  return {
    action: subjectType === 'order' ? 'order.note_added' : 'customer.note_added',
    entityType: subjectType,
    entityId: subjectId,
    label: order ? `#${order.number}` : subjectId,
    changes: [{ field: 'note', before: null, after: text }],
  };
}

/** A reminder, on its order's history: which step (docs/product.md#subscriptions-screen). */
function describeReminder(event: SubscriptionReminded, states: States): Described {
  const { orderId, step } = event.data;
  const order = states.get<OrderState>(entityKey('order', orderId), 'order');
  return {
    action: 'order.reminded',
    entityType: 'order',
    entityId: orderId,
    label: order ? `#${order.number}` : orderId,
    changes: [{ field: 'reminder', before: null, after: step }],
  };
}

function describeUser(event: IdentityEvent, states: States): Described {
  const key = entityKey('user', event.data.userId);
  const before = states.get<UserState>(key, 'user');
  const entry = (action: AuditAction, state: UserState | undefined, changes?: AuditChange[]): Described => ({
    action,
    entityType: 'user',
    entityId: event.data.userId,
    label: state?.username ?? before?.username ?? event.data.userId,
    changes,
  });
  switch (event.type) {
    case 'AdminUserCreated': {
      const { username, name, role } = event.data;
      const state: UserState = { kind: 'user', username, name, role, settings: settingsFields(defaultSettings(name)) };
      states.set(key, state);
      return entry('user.created', state, initialValues({ username, name, role }));
    }
    case 'AdminUserUpdated': {
      const { username, name, role } = event.data;
      const old = before ?? { kind: 'user', username: '', name: '', role: '', settings: {} };
      const state: UserState = { ...old, username, name, role, settings: { ...old.settings, name } };
      states.set(key, state);
      const changes = diffFields({ username: old.username, name: old.name, role: old.role }, { username, name, role });
      return entry('user.updated', state, changes);
    }
    case 'AdminPasswordChanged':
      // The hash never leaves the event: the entry says a password changed, nothing more.
      return entry('user.password_changed', before);
    case 'AdminSettingsChanged': {
      const settings = settingsFields(event.data.settings);
      const old = before ?? { kind: 'user', username: event.data.userId, name: '', role: '', settings: {} };
      const state: UserState = { ...old, name: event.data.settings.profile.name, settings };
      states.set(key, state);
      return entry('user.settings_changed', state, diffFields(old.settings, settings));
    }
    case 'AdminUserDeleted':
      // Kept: entries of this admin still name them (as they were) if a batch mentions them again.
      return entry('user.deleted', before);
  }
}

/** The shop's other setting, on an entity of its own: its catalogue's default language (docs/product.md#shop-settings). */
export const CATALOGUE_LANGUAGE_ENTITY_ID = 'language';

/** The catalogue's default language changed: before → after. */
function describeCatalogueLanguage(event: CatalogueLanguageEvent, states: States): Described {
  const key = entityKey('shop', CATALOGUE_LANGUAGE_ENTITY_ID);
  const before = states.get<ShopState>(key, 'shop')?.fields ?? { defaultLanguage: INITIAL_SHOP_LANGUAGE };
  const fields: Fields = { defaultLanguage: event.data.language };
  states.set(key, { kind: 'shop', fields });
  return {
    action: 'shop.language_changed',
    entityType: 'shop',
    entityId: CATALOGUE_LANGUAGE_ENTITY_ID,
    // Named by the language chosen: "Amina made Arabic the catalogue's default language".
    label: event.data.language,
    changes: diffFields(before, fields),
  };
}

function describeCatalogue(event: CatalogueEvent, states: States): Described {
  switch (event.type) {
    case 'CategoryCreated':
    case 'CategoryUpdated':
    case 'CategoryImageChanged':
    case 'CategoryDeleted':
    case 'CategoryRestored':
      return describeCategory(event, states);
    default:
      return describeProduct(event, states);
  }
}

function describeCategory(event: Extract<CatalogueEvent, { type: `Category${string}` }>, states: States): Described {
  const id = event.data.categoryId;
  const key = entityKey('category', id);
  const before = states.get<CategoryState>(key, 'category');
  const old = withLanguages(before?.fields ?? {});
  // Named by its name in the default language when written; states kept before languages had it as a field.
  const label = 'name' in event.data ? event.data.name : (before?.label ?? String(before?.fields.name ?? id));
  const entry = (action: AuditAction, changes?: AuditChange[]): Described => ({
    action,
    entityType: 'category',
    entityId: id,
    label,
    changes,
  });
  const keep = (fields: Fields) => states.set(key, { kind: 'category', fields, label });
  switch (event.type) {
    case 'CategoryCreated': {
      const { slug, translations, image } = event.data;
      const fields: Fields = { ...textFields(translations), slug, image: imagePath(image) };
      keep(fields);
      return entry('category.created', initialValues(fields));
    }
    case 'CategoryUpdated': {
      const { slug, translations } = event.data;
      // Built in one order (a state read back from jsonb has its keys in another), so that live and rebuilt entries list changes alike.
      const fields: Fields = { ...textFields(translations), slug, image: old.image ?? null };
      keep(fields);
      return entry('category.updated', diffFields(old, fields));
    }
    case 'CategoryImageChanged': {
      const fields: Fields = { ...old, image: imagePath(event.data.image) };
      keep(fields);
      return entry('category.image_changed', diffFields({ image: old.image ?? null }, { image: fields.image! }));
    }
    case 'CategoryDeleted':
      states.set(key, undefined);
      return entry('category.deleted');
    case 'CategoryRestored': {
      const { slug, translations, image, toVersion } = event.data;
      const fields: Fields = { ...textFields(translations), slug, image: imagePath(image) };
      keep(fields);
      return { ...entry('category.restored', diffFields(old, fields)), restoredVersion: toVersion };
    }
  }
}

/** A category as an entry names it: its name when the trail knows it, else its id. */
const categoryName = (states: States, id: string): string => {
  const category = states.get<CategoryState>(entityKey('category', id), 'category');
  return category?.label ?? String(category?.fields.name ?? id);
};

function describeProduct(event: Extract<CatalogueEvent, { type: `Product${string}` }>, states: States): Described {
  const id = event.data.productId;
  const key = entityKey('product', id);
  const before = states.get<ProductState>(key, 'product');
  const old = withLanguages(before?.fields ?? {});
  // Named by its name in the default language when written; states kept before languages had it as a field.
  const label = 'name' in event.data ? event.data.name : (before?.label ?? String(before?.fields.name ?? id));
  const entry = (action: AuditAction, changes?: AuditChange[]): Described => ({
    action,
    entityType: 'product',
    entityId: id,
    label,
    changes,
  });
  const keep = (fields: Fields, categoryId = before?.categoryId ?? '') =>
    states.set(key, { kind: 'product', categoryId, fields, label });
  switch (event.type) {
    case 'ProductCreated': {
      const d = event.data;
      const fields = productFields(states, d);
      keep(fields, d.categoryId);
      return entry('product.created', initialValues(fields));
    }
    case 'ProductDetailsUpdated': {
      const details = detailFields(event.data);
      const fields = { ...old, ...details };
      keep(fields);
      return entry('product.updated', diffFields(pick(old, details), details));
    }
    case 'ProductCategoryChanged': {
      // Named as the categories are called now (the name the category had when it was chosen may have changed since).
      const was = before ? categoryName(states, before.categoryId) : null;
      const now = categoryName(states, event.data.categoryId);
      keep({ ...old, category: now }, event.data.categoryId);
      return entry('product.category_changed', diffFields({ category: was }, { category: now }));
    }
    case 'ProductPricesChanged': {
      const prices = priceList(event.data.priceDurations);
      keep({ ...old, prices });
      return entry('product.prices_changed', priceChanges(old.prices ?? null, prices));
    }
    case 'ProductImageChanged': {
      const image = imagePath(event.data.image);
      keep({ ...old, image });
      return entry('product.image_changed', diffFields({ image: old.image ?? null }, { image }));
    }
    case 'ProductActivated':
    case 'ProductDeactivated': {
      const active = event.type === 'ProductActivated';
      keep({ ...old, active });
      const action = active ? 'product.activated' : 'product.deactivated';
      return entry(action, diffFields({ active: old.active ?? !active }, { active }));
    }
    case 'ProductDeleted':
      states.set(key, undefined);
      return entry('product.deleted');
    case 'ProductRestored': {
      const d = event.data;
      const fields = productFields(states, d);
      // The category it was in, named as it is called now (as for a change of category).
      const was: Fields = before ? { ...old, category: categoryName(states, before.categoryId) } : old;
      keep(fields, d.categoryId);
      return { ...entry('product.restored', diffFields(was, fields)), restoredVersion: d.toVersion };
    }
  }
}

/** A kind of activation as the trail names it (Xtream, M3U…). */
const activationKindLabel = (kind: string): string => ACTIVATION_KIND_LABELS[kind as ActivationKind] ?? kind;

const pick = (fields: Fields, like: Fields): Fields =>
  Object.fromEntries(Object.keys(like).map((name) => [name, fields[name] ?? null]));

function describeOrder(event: OrderEvent, states: States): Described {
  const id = event.data.orderId;
  const key = entityKey('order', id);
  const before = states.get<OrderState>(key, 'order');
  const entry = (action: AuditAction, state: OrderState | undefined, changes?: AuditChange[], provider?: string) => ({
    action,
    entityType: 'order' as const,
    entityId: id,
    label: state ? `#${state.number}` : id,
    changes,
    provider,
  });
  const status = (state: OrderState, next: string, extra: Fields = {}): AuditChange[] =>
    diffFields({ status: before?.status ?? null }, { status: next, ...extra });
  switch (event.type) {
    case 'OrderPlaced': {
      const state = placed(event.data, states);
      states.set(key, state);
      const { customerName, customerEmail, phone, total, requestedMethod, trial } = event.data;
      const fields: Fields = {
        customer: customerName,
        email: customerEmail,
        phone,
        total,
        // A free trial pays nothing: it says so instead (docs/product.md#free-trials).
        ...(trial ? { trial } : { paymentMethod: requestedMethod }),
        items: event.data.lines.map((l) => auditItemText(l.quantity, l.productName, l.duration)),
        status: 'pending',
      };
      return entry('order.placed', state, initialValues(fields));
    }
    case 'OrderRestored': {
      // Placed again as it was (its number kept), by the payment that reached it after a deletion.
      const state = {
        ...placed(event.data.order, states, before?.number),
        phone: before?.phone ?? event.data.order.phone,
      };
      states.set(key, state);
      return entry('order.restored', state, diffFields({ status: 'deleted' }, { status: 'pending' }), state.provider);
    }
    case 'OrderPaid': {
      const state = before && { ...before, status: 'completed' };
      states.set(key, state);
      const changes =
        state && status(state, 'completed', { paymentMethod: event.data.paymentMethod, amount: event.data.amount });
      return entry('order.paid', state, changes, before?.provider ?? 'payment');
    }
    case 'OrderPaymentFailed': {
      const state = before && { ...before, status: 'failed' };
      states.set(key, state);
      const changes = state && status(state, 'failed', { reason: event.data.reason });
      return entry('order.payment_failed', state, changes, before?.provider ?? 'payment');
    }
    case 'OrderPaymentMismatched': {
      // What was paid next to what the order asked: the admins decide on it.
      const state = before && { ...before, status: 'payment_mismatch' };
      states.set(key, state);
      const { paymentMethod, amount, currency, expectedAmount, expectedCurrency } = event.data;
      const changes =
        state &&
        status(state, 'payment_mismatch', { paymentMethod, amount, currency, expectedAmount, expectedCurrency });
      return entry('order.payment_mismatched', state, changes, before?.provider ?? 'payment');
    }
    case 'OrderPaymentAccepted': {
      const state = before && { ...before, status: 'completed' };
      states.set(key, state);
      return entry('order.payment_accepted', state, state && status(state, 'completed'));
    }
    case 'OrderTrialGranted': {
      const state = before && { ...before, status: 'completed' };
      states.set(key, state);
      return entry('order.trial_granted', state, state && status(state, 'completed'));
    }
    case 'OrderPaymentRejected': {
      const state = before && { ...before, status: 'failed' };
      states.set(key, state);
      return entry('order.payment_rejected', state, state && status(state, 'failed'));
    }
    case 'OrderPhoneUpdated': {
      const state = before && { ...before, phone: event.data.phone };
      states.set(key, state);
      return entry(
        'order.phone_changed',
        state,
        diffFields({ phone: before?.phone ?? null }, { phone: event.data.phone }),
      );
    }
    case 'OrderDispatched': {
      const state = before && { ...before, status: 'dispatched' };
      states.set(key, state);
      return entry('order.dispatched', state, state && status(state, 'dispatched'));
    }
    case 'OrderDelivered': {
      // Which kinds were delivered, never the details (docs/security.md#encryption-at-rest).
      const kinds = event.data.kinds.map(activationKindLabel).join(', ');
      return entry('order.delivered', before, [{ field: 'activation', before: null, after: kinds }]);
    }
    case 'OrderAccessLinkRenewed':
      // That the link changed, never the token (docs/security.md#encryption-at-rest).
      return entry('order.link_renewed', before);
    case 'OrderSentOnWhatsApp':
      return entry('order.sent_on_whatsapp', before, [
        { field: 'withDetails', before: null, after: event.data.withDetails },
      ]);
    case 'OrderRefunded': {
      const state = before && { ...before, status: 'refunded' };
      states.set(key, state);
      const { amount, reason, method, refundedOn } = event.data;
      return entry('order.refunded', state, state && status(state, 'refunded', { amount, reason, method, refundedOn }));
    }
    case 'OrderDeleted': {
      // Kept (as deleted): a payment may bring the order back, under the number it had.
      const state = before && { ...before, status: 'deleted' };
      states.set(key, state);
      return entry('order.deleted', before, state && status(state, 'deleted'));
    }
  }
}

/** An order as placed, numbered like the orders read model numbers it (legacy orders: the next legacy number). */
function placed(order: PlacedOrder, states: States, known?: number): OrderState {
  let number = order.number ?? known;
  if (number === undefined) {
    const counter = states.get<CounterState>(LEGACY_ORDER_NUMBERS, 'counter')?.value ?? 0;
    number = counter + 1;
    states.set(LEGACY_ORDER_NUMBERS, { kind: 'counter', value: number });
  }
  const renews = order.lines.flatMap(({ renewalOf, quantity, productName, duration }) =>
    renewalOf
      ? [
          {
            orderId: renewalOf.orderId,
            number: renewalOf.orderNumber,
            item: auditItemText(quantity, productName, duration),
          },
        ]
      : [],
  );
  return {
    kind: 'order',
    number,
    provider: order.provider,
    status: 'pending',
    phone: order.phone,
    ...(renews.length && { renews }),
  };
}
