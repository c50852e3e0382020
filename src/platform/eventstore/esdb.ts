import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type ReadPosition,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import {
  ConcurrencyError,
  COMMAND_LINE,
  START,
  SYSTEM,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type Recorded,
  type RecordedEvent,
  type StoredEvent,
} from './port';
import { eventIds } from './metadata';
import { pollingSubscription } from './subscription';

// Pages never go below this, so that a page mostly made of system events still moves the reader on.
const MIN_PAGE = 100;
const HEAD_PAGE = 500;
const PING_TIMEOUT_MS = 3_000;
export const MIN_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;
// What servers older than 22.6 send as the $all position of an event read from a stream.
const NO_POSITION = 2n ** 64n - 1n;

/** The fields of a recorded EventStoreDB event the adapter reads (the client's type is a wide union). */
export interface EsdbRecord {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position;
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return expected;
}

/** Our START ({-1,-1}) is "before everything", which EventStoreDB only knows as its START constant. */
export function toEsdbReadPosition(position: Position): ReadPosition {
  return position.commit < 0n ? ESDB_START : { commit: position.commit, prepare: position.prepare };
}

export function toPosition(position: Position | undefined, eventId: string): Position {
  // Stream reads on servers before 22.6 carry no $all position; inventing one would break ordering.
  if (!position || position.commit === NO_POSITION) {
    throw new Error(`EventStoreDB gave no $all position for event ${eventId} (server 22.6 or later needed)`);
  }
  return { commit: position.commit, prepare: position.prepare };
}

/** Events from the server itself: `$`-types ($metadata, $> links, $statsCollected…) or `$`-streams. */
export function isSystemEvent(record: Pick<EsdbRecord, 'streamId' | 'type'>): boolean {
  return record.type.startsWith('$') || record.streamId.startsWith('$');
}

// A shared server may hold events other tools wrote without our metadata; they must not break readers.
function toMetadata(raw: unknown, created: Date): EventMetadata {
  const m =
    raw !== null && typeof raw === 'object' && !(raw instanceof Uint8Array) ? (raw as Record<string, unknown>) : {};
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  return {
    actor: text(m.actor, SYSTEM),
    correlationId: text(m.correlationId, ''),
    causationId: text(m.causationId, ''),
    occurredAt: text(m.occurredAt, created.toISOString()),
    ...(typeof m.commandId === 'string' ? { commandId: m.commandId } : {}),
    ...(m.origin === COMMAND_LINE ? { origin: COMMAND_LINE } : {}),
  };
}

export function toRecordedEvent(record: EsdbRecord): RecordedEvent {
  return {
    id: record.id,
    streamId: record.streamId,
    // EventStoreDB revisions are 0-based already, like ours.
    revision: record.revision,
    position: toPosition(record.position, record.id),
    type: record.type,
    data: record.data,
    metadata: toMetadata(record.metadata, record.created),
  };
}

/**
 * EventStoreDB reads $all forwards from a position inclusively; our `after` is exclusive.
 * Keeps the events of a page strictly after `after` that are not the server's own.
 */
export function userEventsAfter(page: EsdbRecord[], after: Position): RecordedEvent[] {
  return page
    .filter((record) => !isSystemEvent(record) && comparePositions(toPosition(record.position, record.id), after) > 0)
    .map(toRecordedEvent);
}

export function toConcurrencyError(
  streamId: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): ConcurrencyError {
  return new ConcurrencyError(streamId, expected, error.actualVersion ?? 'no_stream');
}

export function nextBackoff(ms: number): number {
  return Math.min(ms * 2, MAX_BACKOFF_MS);
}

/** Our config accepts the KurrentDB schemes too; client 6.x only parses esdb:// and esdb+discover://. */
export function toEsdbConnectionString(url: string): string {
  return url.replace(/^(?:kurrentdb|kdb)(\+discover)?:\/\//, 'esdb$1://');
}

export async function connectEsdb(connectionString: string): Promise<EsdbEventStore> {
  // The client connects lazily: a bad string fails here, an unreachable server at the first call (see ping).
  return new EsdbEventStore(EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString)));
}

export class EsdbEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private live: AllStreamSubscription | undefined;
  private retry: NodeJS.Timeout | undefined;
  private backoffMs = MIN_BACKOFF_MS;
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const commandId = options.metadata.commandId ?? randomUUID();
    const metadata: EventMetadata = {
      ...options.metadata,
      commandId,
      occurredAt: options.metadata.occurredAt ?? new Date().toISOString(),
    };
    const expected = options.expectedRevision;
    const ids = eventIds(
      commandId,
      streamId,
      expected,
      events.map((e) => ({ type: e.type, json: JSON.stringify(e.data) })),
    );
    try {
      // The server answers an append whose event ids it already holds at the expected place with
      // success, writing nothing (its idempotent writes): a resent append is not written twice.
      const result = await this.client.appendToStream(
        streamId,
        events.map((e, i) =>
          jsonEvent({ id: ids[i], type: e.type, data: e.data as JSONType, metadata: { ...metadata } }),
        ),
        { expectedRevision: toEsdbExpectedRevision(expected) },
      );
      this.notify();
      // The server reports the last event's log position as both commit and prepare, which is
      // exactly that event's position in $all (commit = prepare for events not in explicit transactions).
      // An idempotent answer may come without it (older servers, or the event not indexed yet): read it.
      return {
        nextRevision: result.nextExpectedRevision,
        position: result.position
          ? { ...result.position }
          : await this.positionOf(streamId, result.nextExpectedRevision),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw toConcurrencyError(streamId, expected, error);
      throw error;
    }
  }

  private async positionOf(streamId: string, revision: bigint): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (resolved.event) return toPosition(resolved.event.position, resolved.event.id);
    }
    throw new Error(`EventStoreDB gave no position for the append to ${streamId}`);
  }

  async readStream<E extends NewEvent = NewEvent>(streamId: string): Promise<Recorded<E>[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    // What a stream holds is what its module appended there: the caller names those types.
    return events as Recorded<E>[];
  }

  async readAll({ after, limit, types }: ReadAllOptions): Promise<RecordedEvent[]> {
    // Client 6.x filters only subscriptions, so a type filter is applied here.
    const wanted = types ? new Set(types) : undefined;
    const events: RecordedEvent[] = [];
    // One more than asked, since the first event read may be `after` itself.
    const pageSize = Math.max(limit + 1, MIN_PAGE);
    let cursor = after;
    // Filtering may thin a page out, so keep reading until `limit` events or the end of the log.
    while (events.length < limit) {
      const page = await this.readAllPage(toEsdbReadPosition(cursor), FORWARDS, pageSize);
      events.push(...userEventsAfter(page, cursor).filter((e) => !wanted || wanted.has(e.type)));
      const last = page[page.length - 1];
      if (page.length < pageSize || !last) break;
      cursor = toPosition(last.position, last.id);
    }
    return events.slice(0, limit);
  }

  // The server sends each event's metadata with it anyway: nothing to save here.
  readAllData(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.readAll(options);
  }

  /** The server's log has no writes in flight to wait for: what is committed is readable. */
  lastCommittedPosition(): Promise<Position> {
    return this.headPosition();
  }

  async headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    // The tail of the log is often the server's own bookkeeping ($stats, metadata): page back past it.
    for (;;) {
      const page = await this.readAllPage(from, BACKWARDS, HEAD_PAGE);
      const newest = page.find((record) => !isSystemEvent(record));
      if (newest) return toPosition(newest.position, newest.id);
      const oldest = page[page.length - 1];
      if (page.length < HEAD_PAGE || !oldest) return START;
      // Backwards reads exclude the event at their position, so nothing is read twice.
      from = oldest.position;
    }
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.live && !this.retry) this.watch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unwatch();
    };
  }

  subscribe(from: Position, handler: (event: RecordedEvent) => Promise<void> | void) {
    return pollingSubscription(this, from, handler);
  }

  async ping(): Promise<void> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    // Streaming reads ignore the client's `deadline` option, so a server that never answers needs our own timer.
    const timer = setTimeout(() => {
      read.destroy(new Error(`EventStoreDB did not answer a ping within ${PING_TIMEOUT_MS} ms`));
      read.cancel().catch(() => {});
    }, PING_TIMEOUT_MS);
    try {
      for await (const _ of read);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.unwatch();
    await this.client.dispose();
  }

  private async readAllPage(
    from: ReadPosition,
    direction: Direction,
    maxCount: number,
  ): Promise<AllStreamRecordedEvent[]> {
    const page: AllStreamRecordedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition: from, direction, maxCount })) {
      if (resolved.event) page.push(resolved.event);
    }
    return page;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  // One live $all subscription serves every listener. It is only a hint: when it drops, wake
  // everyone (they will poll and find whatever was missed) and come back with a growing delay.
  private watch(): void {
    this.retry = undefined;
    if (this.closed || this.listeners.size === 0) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.live = subscription;
    const healthy = () => {
      this.backoffMs = MIN_BACKOFF_MS;
    };
    const dropped = () => {
      if (this.live !== subscription) return; // already handled, or stopped on purpose
      this.live = undefined;
      subscription.unsubscribe().catch(() => {});
      this.notify();
      if (this.closed || this.listeners.size === 0) return;
      this.retry = setTimeout(() => this.watch(), this.backoffMs);
      this.backoffMs = nextBackoff(this.backoffMs);
    };
    subscription.on('confirmation', healthy);
    subscription.on('data', () => {
      healthy();
      this.notify();
    });
    subscription.on('error', dropped);
    subscription.on('end', dropped);
    subscription.on('close', dropped);
  }

  private unwatch(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const subscription = this.live;
    this.live = undefined;
    subscription?.unsubscribe().catch(() => {});
  }
}
