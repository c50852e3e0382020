import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, type EventStore, type NewEvent, type Recorded } from '../../platform/eventstore/port';
import { catalogueMessages } from '../../shared/catalogue';
import { CatalogueRuleError } from './decider';
import { placementsStream, productStream, type PlacementEvent, type ProductEvent } from './events';

// "A category that holds products cannot be deleted" across two kinds of stream. A product and its
// category live on different streams, and the count of products comes from the read model, so a
// product created in a category at the moment the category is deleted used to slip through both
// checks. Both now write to the category's placements stream at the revision they read: a product
// records its placement there before its own events, and a deletion closes the stream before the
// category's. Whichever comes second collides and decides again: a placement into a closed
// category is refused; a deletion counts the placement (see docs/architecture.md#invariants).

/** How long a placement whose product event is not written yet keeps its category from being deleted. */
export const PLACEMENT_IN_FLIGHT_MS = 60_000;

const placed = (events: NewEvent[]): string | undefined => {
  for (const event of events as ProductEvent[]) {
    if (event.type === 'ProductCreated' || event.type === 'ProductCategoryChanged' || event.type === 'ProductRestored')
      return event.data.categoryId;
  }
  return undefined;
};

/**
 * Records, before a product's events are written, that they put it into a category (a creation, a
 * move, a restore); refused when the category is being deleted. Does nothing for other events.
 */
export async function recordPlacement(
  store: EventStore,
  productId: string,
  events: NewEvent[],
  metadata: CommandMetadata,
): Promise<void> {
  const categoryId = placed(events);
  if (!categoryId) return;
  const event: PlacementEvent = {
    type: 'ProductPlacedInCategory',
    data: { categoryId, productId, at: new Date().toISOString() },
  };
  await appendAtRead(store, categoryId, metadata, (history) => {
    if (isClosed(history)) throw new CatalogueRuleError(400, catalogueMessages.categoryNotFound);
    return event;
  });
}

/**
 * Closes a category to new products before it is deleted: refused while a product placed there in
 * the last minute is still there or not written yet, since the read model may not count it yet.
 * Returns how to reopen it if the deletion itself then fails.
 */
export async function closeToProducts(
  store: EventStore,
  categoryId: string,
  metadata: CommandMetadata,
  now = new Date(),
): Promise<() => Promise<void>> {
  await appendAtRead(store, categoryId, metadata, async (history) => {
    const pending = await placementsInFlight(store, history, now);
    if (pending > 0)
      throw new CatalogueRuleError(409, catalogueMessages.categoryHasProducts(pending), { productsCount: pending });
    return { type: 'CategoryClosedToProducts', data: { categoryId, at: now.toISOString() } };
  });
  return () =>
    appendAtRead(store, categoryId, metadata, () => ({
      type: 'CategoryReopenedToProducts',
      data: { categoryId, at: new Date().toISOString() },
    }));
}

/** The products placed into this category lately that have not left it since (or are not written yet). */
export async function placementsInFlight(
  store: EventStore,
  history: Recorded<PlacementEvent>[],
  now: Date,
): Promise<number> {
  const recent = recentPlacements(history, now);
  const left = await Promise.all(recent.map((p) => productLeft(store, p.productId, p.categoryId)));
  return left.filter((gone) => !gone).length;
}

/** The placements of the last PLACEMENT_IN_FLIGHT_MS, newest of each product only. */
export function recentPlacements(history: PlacementEvent[], now: Date): { productId: string; categoryId: string }[] {
  const since = now.getTime() - PLACEMENT_IN_FLIGHT_MS;
  const recent = new Map<string, string>();
  for (const event of history) {
    if (event.type === 'ProductPlacedInCategory' && Date.parse(event.data.at) >= since)
      recent.set(event.data.productId, event.data.categoryId);
  }
  return [...recent].map(([productId, categoryId]) => ({ productId, categoryId }));
}

export function isClosed(history: PlacementEvent[]): boolean {
  const last = history.findLast((e) => e.type !== 'ProductPlacedInCategory');
  return last?.type === 'CategoryClosedToProducts';
}

/**
 * Whether a product's own stream shows it out of the category: deleted or moved elsewhere. A stream
 * that never placed it there (not written yet, or its write failed) does not: it may still come.
 */
async function productLeft(store: EventStore, productId: string, categoryId: string): Promise<boolean> {
  let placedThere = false;
  let left = false;
  for (const event of await store.readStream<ProductEvent>(productStream(productId))) {
    const target = placed([event]);
    if (target !== undefined) {
      placedThere ||= target === categoryId;
      left = target !== categoryId;
    }
    if (event.type === 'ProductDeleted') left = true;
  }
  return placedThere && left;
}

/** Appends what `decide` makes of the stream as read, at that revision; decides again after a collision. */
async function appendAtRead(
  store: EventStore,
  categoryId: string,
  metadata: CommandMetadata,
  decide: (history: Recorded<PlacementEvent>[]) => PlacementEvent | Promise<PlacementEvent>,
): Promise<void> {
  const stream = placementsStream(categoryId);
  for (;;) {
    const history = await store.readStream<PlacementEvent>(stream);
    const event = await decide(history);
    try {
      await store.append(stream, [event], { expectedRevision: history.at(-1)?.revision ?? 'no_stream', metadata });
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}
