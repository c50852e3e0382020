import type { Kysely } from 'kysely';
import type { CatalogueEvent, CatalogueLanguageEvent } from '../../modules/catalogue/events';
import type { Recorded } from '../../platform/eventstore/port';
import type { Realtime } from '../../platform/realtime/realtime';
import type { ItemsDelta } from '../../shared/catalogue';
import type { CatalogueTables } from './rows';
import { loadSnapshot, readCatalogueVersion, type CatalogueSnapshot } from './snapshot';

/** How stale a shopper's answer may be on an instance that does not run the catalogue projection. */
const SHOPPER_MAX_AGE_MS = 1000;

/**
 * This instance's in-memory copy of the catalogue read model.
 *
 * The projection runs on one instance only, so each instance must learn of changes by itself:
 * - the instance running the projection checks right after each batch commits (`fresh`);
 * - every instance compares the one-row `catalogue_version` with its copy before answering a
 *   shopper, at most once a second (`current`): one indexed read a second, whatever the traffic,
 *   and no message that could be lost (Redis may be down; a database we need anyway);
 * - admin reads and the answers to admin writes check it every time (`fresh`), so an admin always
 *   sees their own change, whichever instance answers.
 * Checks and loads run one after another, so a newer copy is never replaced by an older one.
 *
 * One instance per app, built by the composition root and shared: the catalogue projection
 * refreshes it after each batch (`changed`), the routes and the checkout's pricing read it.
 */
export class LiveCatalogue {
  private snapshot: CatalogueSnapshot | undefined;
  private checkedAt = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private shopperCheck: Promise<CatalogueSnapshot> | undefined;
  private waitingCheck: Promise<CatalogueSnapshot> | undefined;
  /**
   * The copy the last push was computed from: the next push sends what differs from it. Kept apart
   * from `snapshot`, which any read may have refreshed past a batch before that batch is pushed.
   */
  private pushedFrom: CatalogueSnapshot | undefined;

  constructor(
    private readonly db: Kysely<CatalogueTables>,
    /** Absent in tools that only rebuild (nothing to push to). */
    private readonly realtime?: Realtime,
  ) {}

  /** The copy, when it was checked less than a second ago: the hot path, without a promise. */
  peek(): CatalogueSnapshot | undefined {
    return Date.now() - this.checkedAt < SHOPPER_MAX_AGE_MS ? this.snapshot : undefined;
  }

  /** For shoppers: the copy, checked against the database at most once a second. */
  current(): Promise<CatalogueSnapshot> {
    const recent = this.peek();
    if (recent) return Promise.resolve(recent);
    this.shopperCheck ??= this.fresh()
      .catch((error: unknown) => {
        // The database is away: shoppers keep browsing the last copy, checked again in a second.
        if (!this.snapshot) throw error;
        this.checkedAt = Date.now();
        return this.snapshot;
      })
      .finally(() => (this.shopperCheck = undefined));
    return this.shopperCheck;
  }

  /**
   * Checked now: reloaded when the read model changed since the copy was made. Callers share a
   * check that has not started yet (it reads after each of them called), so a burst of them, or
   * of sockets reconnecting, queues one check, not one each.
   */
  fresh(): Promise<CatalogueSnapshot> {
    this.waitingCheck ??= this.serially(async () => {
      this.waitingCheck = undefined;
      const version = await readCatalogueVersion(this.db);
      if (this.snapshot?.version !== version) this.snapshot = await loadSnapshot(this.db);
      this.checkedAt = Date.now();
      return this.snapshot;
    });
    return this.waitingCheck;
  }

  /** After a catalogue batch committed on this instance: reload the copy, and push the changes live. */
  async changed(events: Recorded<CatalogueEvent | CatalogueLanguageEvent>[]): Promise<void> {
    const snapshot = await this.fresh();
    // A batch of slug events alone (the copy's aliases changed): nothing the lists show, nothing to
    // push, and the next push still compares with the last one sent.
    if (!events.length) return;
    // The projection awaits each batch's call before the next, so pushes are computed in order.
    const before = this.pushedFrom;
    this.pushedFrom = snapshot;
    // A new default language changes how every item reads: the lists' deltas carry them all.
    const items = events.filter((event): event is Recorded<CatalogueEvent> => event.type !== 'CatalogueLanguageChosen');
    if (this.realtime) pushChanges(this.realtime, before, snapshot, items);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }
}

export function createLiveCatalogue(db: Kysely<CatalogueTables>, realtime?: Realtime): LiveCatalogue {
  return new LiveCatalogue(db, realtime);
}

type Change = { kind: 'created' | 'updated' | 'deleted'; actor: string; name?: string };

/**
 * Pushes a batch: one message per item that changed to the admins (product:created…,
 * category_updated…), then what changed in the lists (issue 17: a price change is one product, not
 * the whole catalogue). Shoppers see active products only: one deactivated leaves their list.
 * Without an earlier push to compare with (this instance just started running the projection),
 * the whole lists go once, as requestInitialData answers them.
 */
function pushChanges(
  realtime: Realtime,
  before: CatalogueSnapshot | undefined,
  after: CatalogueSnapshot,
  events: Recorded<CatalogueEvent>[],
): void {
  pushItemChanges(realtime, after, events);
  const shoppers = realtime.io.to('store').except('admins');
  if (!before) {
    realtime.broadcast('admins', 'productsUpdate', { products: after.products });
    shoppers.emit('productsUpdate', { products: after.activeProducts });
    realtime.broadcast(['admins', 'store'], 'categoriesUpdate', { categories: after.categories });
    return;
  }
  const forAdmins = deltaOf(before.products, after.products);
  const forShoppers = deltaOf(before.activeProducts, after.activeProducts);
  const categories = deltaOf(before.categories, after.categories);
  if (forAdmins) realtime.broadcast('admins', 'productsUpdate', forAdmins);
  if (forShoppers) shoppers.emit('productsUpdate', forShoppers);
  if (categories) realtime.broadcast(['admins', 'store'], 'categoriesUpdate', categories);
}

/**
 * The admins' per-item messages (product:created…, category_updated…; docs/architecture.md#live-updates) announce the item,
 * who changed it and its version: its values come in the same batch's productsUpdate delta, so a
 * price change costs each admin one copy of the product, not two (bench/live).
 */
function pushItemChanges(realtime: Realtime, snapshot: CatalogueSnapshot, events: Recorded<CatalogueEvent>[]): void {
  for (const [id, change] of changesOf(events, 'Product', (e) =>
    'productId' in e.data ? e.data.productId : undefined,
  )) {
    const product =
      change.kind === 'deleted'
        ? { id, name: change.name }
        : announced(snapshot.product(id, { includeInactive: true }));
    if (product) realtime.broadcast('admins', `product:${change.kind}`, { product, actor: change.actor });
  }
  for (const [id, change] of changesOf(events, 'Category', (e) =>
    'categoryId' in e.data ? e.data.categoryId : undefined,
  )) {
    const category = change.kind === 'deleted' ? { id, name: change.name } : announced(snapshot.category(id));
    if (category) realtime.broadcast('admins', `category_${change.kind}`, { category, actor: change.actor });
  }
}

const announced = (item: { id: string; name: string; version: number } | undefined) =>
  item && { id: item.id, name: item.name, version: item.version };

/**
 * What turns list `before` into list `after`: the items new or different (as the API shows them,
 * so a product whose category was renamed counts too), and the ids gone; undefined when nothing.
 */
export function deltaOf<T extends { id: string }>(before: T[], after: T[]): ItemsDelta<T> | undefined {
  const earlier = new Map(before.map((item) => [item.id, JSON.stringify(item)]));
  const changed = after.filter((item) => earlier.get(item.id) !== JSON.stringify(item));
  const present = new Set(after.map((item) => item.id));
  const removed = before.filter((item) => !present.has(item.id)).map((item) => item.id);
  return changed.length || removed.length ? { changed, removed } : undefined;
}

/** What happened to each item in a batch, in one word: created wins over updated, deleted over both. */
function changesOf(
  events: Recorded<CatalogueEvent>[],
  prefix: 'Product' | 'Category',
  idOf: (event: Recorded<CatalogueEvent>) => string | undefined,
): Map<string, Change> {
  const changes = new Map<string, Change>();
  for (const event of events) {
    const id = idOf(event);
    if (!id || !event.type.startsWith(prefix)) continue;
    const before = changes.get(id);
    const actor = event.metadata.actor;
    if (event.type === `${prefix}Created`) changes.set(id, { kind: 'created', actor });
    else if (event.type === 'ProductDeleted' || event.type === 'CategoryDeleted') {
      // Created and deleted within one batch: nobody saw it, nothing to announce.
      if (before?.kind === 'created') changes.delete(id);
      else changes.set(id, { kind: 'deleted', actor, name: event.data.name });
    } else changes.set(id, { kind: before?.kind ?? 'updated', actor });
  }
  return changes;
}
