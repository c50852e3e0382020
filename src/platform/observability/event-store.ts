import { ConcurrencyError, type EventStore } from '../eventstore/port';
import type { ConflictKind, StoreMetrics } from './metrics';

// Counts what the event store is asked to write: events appended (by type) and appends refused
// because the stream moved on. The command handler adds the conflicts it finds itself (a stale
// If-Match refused before any append) through countConflict.

const meters = new WeakMap<EventStore, StoreMetrics>();

/** The same store, counting its appends into `metrics`. */
export function meteredEventStore(store: EventStore, metrics: StoreMetrics): EventStore {
  const append: EventStore['append'] = async (streamId, events, options) => {
    try {
      const result = await store.append(streamId, events, options);
      for (const event of events) metrics.eventsAppended.inc({ type: event.type });
      return result;
    } catch (error) {
      if (error instanceof ConcurrencyError) metrics.countConflict('concurrent_write');
      throw error;
    }
  };
  const metered = new Proxy(store, {
    get(target, property) {
      if (property === 'append') return append;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  meters.set(metered, metrics);
  return metered;
}

/** Counts a conflict found outside append, on the metrics of the store it concerns (if metered). */
export function countConflict(store: EventStore, kind: ConflictKind): void {
  meters.get(store)?.countConflict(kind);
}
