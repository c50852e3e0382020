import { sql, type Kysely } from 'kysely';
import {
  CATALOGUE_LANGUAGE_EVENT_TYPES,
  CATEGORY_EVENT_TYPES,
  PRODUCT_EVENT_TYPES,
} from '../../modules/catalogue/events';
import { IDENTITY_EVENT_TYPES } from '../../modules/identity/events';
import { SHOP_EVENT_TYPES } from '../../modules/shop/events';
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../modules/ordering/events';
import { SHOPPER, SYSTEM, type RecordedEvent, type StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import type { Projection, Replay, Write, WriteTarget } from '../../platform/projections/projection';
import type { Realtime } from '../../platform/realtime/realtime';
import {
  CATALOGUE_LANGUAGE_ENTITY_ID,
  LEGACY_ORDER_NUMBERS,
  SHOP_ENTITY_ID,
  States,
  auditEntries,
  entityKey,
} from './entries';
import { newestFirst, toAuditEntry } from './queries';
import type { EntityState, ProductState } from './state';
import {
  AUDIT_ENTITY_COLUMNS,
  AUDIT_ENTRY_COLUMNS,
  type AuditEntityRow,
  type AuditEntryRow,
  type AuditTables,
} from './rows';

// The audit trail: one entry per event an admin, a shopper, the payment provider or the store
// caused, with who (an admin's name as it was then), what, on which entity, and for updates each
// field's before and after.
//
// Telling what an update changed takes the entity's previous state, which earlier batches saw: the
// projection keeps what it needs of each entity in audit_entities (its own table, so a rebuild
// fills it again from the log, in the same order, and gives the same entries). A batch's write
// reads the states its events touch, folds the events over them in order, then stores the entries
// and the states it changed, all in the batch's transaction. It needs each event's metadata (who,
// when, which request), which a rebuild reads for it (`readsMetadata`).

export const AUDIT_PROJECTION = 'audit';

const ENTRY_TYPES = sqlTypes(AUDIT_ENTRY_COLUMNS);
const ENTITY_TYPES = sqlTypes(AUDIT_ENTITY_COLUMNS);

export const AUDITED_EVENT_TYPES: readonly string[] = [
  ...IDENTITY_EVENT_TYPES,
  ...CATEGORY_EVENT_TYPES,
  ...PRODUCT_EVENT_TYPES,
  ...CATALOGUE_LANGUAGE_EVENT_TYPES,
  ...ORDER_EVENT_TYPES,
  // Deliveries are recorded on the order (OrderDelivered); reminders only here.
  'SubscriptionReminded',
  'NoteAdded',
  ...SHOP_EVENT_TYPES,
];

/** For the live push: the database to read the batch's committed entries, the sockets to send them to. */
export interface AuditProjectionDeps {
  db: Kysely<AuditTables>;
  /** Absent in tools that only rebuild (nothing to push to). */
  realtime?: Realtime;
}

export function auditProjection(deps?: AuditProjectionDeps): Projection {
  return {
    name: AUDIT_PROJECTION,
    tables: ['audit_entries', 'audit_entities'],
    handles: new Set(AUDITED_EVENT_TYPES),
    readsMetadata: true,
    fold(events) {
      return auditWrite(events.map(withMetadata));
    },
    replay: auditReplay,
    // Entries are keyed by event; a replay writes each entity's state once, at its end.
    insertOnlyTables: ['audit_entries', 'audit_entities'],
    async afterCommit(events) {
      if (!deps?.realtime) return;
      // Read back as committed, by the events' places in the log (an event's entries share its
      // place): what the list would answer, newest first.
      const entries = await committedEntries(deps.db, events);
      if (entries.length) deps.realtime.broadcast('admins', 'auditEntries', { entries });
    },
  };
}

async function committedEntries(db: Kysely<AuditTables>, events: StoredEvent[]) {
  if (!events.length) return [];
  const places = new Set(events.map(({ position }) => `${position.commit}/${position.prepare}`));
  const rows = await newestFirst(
    db
      .selectFrom('audit_entries')
      .selectAll()
      .where('position_commit', 'in', [...new Set(events.map(({ position }) => position.commit.toString()))]),
  ).execute();
  return rows.filter((row) => places.has(`${row.position_commit}/${row.position_prepare}`)).map(toAuditEntry);
}

function withMetadata(event: StoredEvent): RecordedEvent {
  if (!('metadata' in event)) throw new Error('The audit projection needs each event with its metadata');
  return event as RecordedEvent;
}

/**
 * The batch's write. Everything is worked out inside it, from the states read in its transaction:
 * a rebuild may run the same write twice (its COPY refused, it is written again with upserts).
 */
export function auditWrite(events: RecordedEvent[]): Write {
  return async (target) => {
    const db = target.db as Kysely<AuditTables>;
    const states = new States(await loadStates(db, keysOf(events)));
    // A product's earlier category is known only once its state is read: read those categories too.
    const categories = events.flatMap((e) => {
      if (e.type !== 'ProductCategoryChanged' && e.type !== 'ProductRestored') return [];
      const product = states.get<ProductState>(
        entityKey('product', (e.data as { productId: string }).productId),
        'product',
      );
      return product ? [entityKey('category', product.categoryId)] : [];
    });
    for (const [key, state] of await loadStates(db, new Set(categories)))
      if (!states.current(key)) states.remember(key, state);
    await insertEntries(target, entriesOf(events, states));
    const touched = [...states.touched];
    if (!touched.length) return;
    // Replaced whole (deleted, then added): the rebuild's COPY cannot replace a row in place.
    await sql`DELETE FROM audit_entities WHERE key = ANY(${touched})`.execute(db);
    const kept = touched.flatMap((key) => {
      const state = states.current(key);
      return state ? [{ key, state }] : [];
    });
    if (kept.length)
      await target.insertRows({ table: 'audit_entities', key: 'key', columns: ENTITY_TYPES, rows: kept });
  };
}

/**
 * A rebuild's replay: every entity's state is kept in memory from the log's first event on, so a
 * batch folds with no reads and the states are written once, at the end. Reading them back and
 * replacing them batch after batch, as the live write does, took 40% of a rebuild over a million
 * events (bench/rebuild). The memory it takes is the audit_entities table's, a few hundred bytes an
 * entity, for the rebuild's length.
 */
function auditReplay(): Replay {
  const states = new States(new Map());
  return {
    fold(events) {
      const entries = entriesOf(events.map(withMetadata), states);
      states.touched.clear(); // every state is written at the end, touched or not
      return (target) => insertEntries(target, entries);
    },
    finish() {
      return async (target) => {
        // In slices: COPY's text is built whole before it is sent.
        let rows: AuditEntityRow[] = [];
        for (const [key, state] of states.all()) {
          rows.push({ key, state });
          if (rows.length === STATES_PER_COPY) {
            await target.insertRows({ table: 'audit_entities', key: 'key', columns: ENTITY_TYPES, rows });
            rows = [];
          }
        }
        if (rows.length) await target.insertRows({ table: 'audit_entities', key: 'key', columns: ENTITY_TYPES, rows });
      };
    },
  };
}

const STATES_PER_COPY = 10_000;

function entriesOf(events: RecordedEvent[], states: States): AuditEntryRow[] {
  return events.flatMap((event) => auditEntries(event, states));
}

async function insertEntries(target: WriteTarget, entries: AuditEntryRow[]): Promise<void> {
  if (entries.length)
    await target.insertRows({ table: 'audit_entries', key: 'id', columns: ENTRY_TYPES, rows: entries });
}

/** The states a batch's events may need: their entities, their admins, the categories they name, the legacy counter. */
function keysOf(events: RecordedEvent[]): Set<string> {
  const keys = new Set<string>();
  for (const event of events) {
    const { actor } = event.metadata;
    if (actor !== SHOPPER && actor !== SYSTEM) keys.add(entityKey('user', actor));
    const data = event.data as Record<string, unknown>;
    if (typeof data.userId === 'string') keys.add(entityKey('user', data.userId));
    if (typeof data.categoryId === 'string') keys.add(entityKey('category', data.categoryId));
    if (typeof data.productId === 'string') keys.add(entityKey('product', data.productId));
    if (typeof data.orderId === 'string') keys.add(entityKey('order', data.orderId));
    // The shop's one identity, diffed against its last save; its catalogue's default language likewise.
    if (event.type === 'ShopLegalChanged') keys.add(entityKey('shop', SHOP_ENTITY_ID));
    if (event.type === 'CatalogueLanguageChosen') keys.add(entityKey('shop', CATALOGUE_LANGUAGE_ENTITY_ID));
    const order = event as unknown as OrderEvent;
    if ((order.type === 'OrderPlaced' && order.data.number === undefined) || order.type === 'OrderRestored')
      keys.add(LEGACY_ORDER_NUMBERS);
  }
  return keys;
}

async function loadStates(db: Kysely<AuditTables>, keys: Set<string>): Promise<Map<string, EntityState>> {
  if (!keys.size) return new Map();
  const rows = await db
    .selectFrom('audit_entities')
    .select(['key', 'state'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((row) => [row.key, row.state]));
}
