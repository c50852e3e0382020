import type { CommandMetadata } from './metadata';
import { ConcurrencyError, type EventStore, type NewEvent, type Position } from './port';

// A value only one owner may hold at a time (a username, a category's slug): a stream per value,
// holding claims and releases. Appending at the revision just read makes two owners claiming at
// once collide, so exactly one of them gets it.

export interface UniqueValue<Event extends NewEvent> {
  stream(value: string): string;
  claimed(value: string, owner: string): Event;
  released(value: string, owner: string): Event;
  /** The owner a claim names, or undefined for a release. */
  ownerIn(event: Event): string | undefined;
}

/** Claims `value` for `owner`: true when it is theirs now (already, or just claimed), false when another owner holds it. */
export async function claimUnique<Event extends NewEvent>(
  store: EventStore,
  kind: UniqueValue<Event>,
  value: string,
  owner: string,
  metadata: CommandMetadata,
): Promise<boolean> {
  for (;;) {
    const last = (await store.readStream<Event>(kind.stream(value))).at(-1);
    const holder = last && kind.ownerIn(last);
    if (holder !== undefined) return holder === owner;
    try {
      await store.append(kind.stream(value), [kind.claimed(value, owner)], {
        expectedRevision: last?.revision ?? 'no_stream',
        metadata,
      });
      return true;
    } catch (error) {
      // Someone wrote this value's stream meanwhile: look at who holds it now.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}

/**
 * Gives `value` up, if `owner` holds it (a later owner's claim is left alone). The release's log
 * position, for a read model that folds it (undefined when there was nothing to release).
 */
export async function releaseUnique<Event extends NewEvent>(
  store: EventStore,
  kind: UniqueValue<Event>,
  value: string,
  owner: string,
  metadata: CommandMetadata,
): Promise<Position | undefined> {
  const last = (await store.readStream<Event>(kind.stream(value))).at(-1);
  if (!last || kind.ownerIn(last) !== owner) return undefined;
  const released = [kind.released(value, owner)];
  return (await store.append(kind.stream(value), released, { expectedRevision: last.revision, metadata })).position;
}
