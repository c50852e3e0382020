// The event store port: what every module and the projection runner may rely on,
// whichever engine (PostgreSQL or EventStoreDB) stands behind it.

/** Who caused an event: an admin user's id, a shopper, or the system (jobs, seeding). */
export type Actor = string;
export const SHOPPER: Actor = 'shopper';
export const SYSTEM: Actor = 'system';

export interface EventMetadata {
  actor: Actor;
  correlationId: string;
  causationId: string;
  occurredAt: string;
  /** The command that wrote the event (absent on events written before command ids existed). */
  commandId?: string;
  /** Where a `system` command came from when an operator ran it (the recovery commands); absent otherwise. */
  origin?: CommandOrigin;
}

export type CommandOrigin = 'command-line';
export const COMMAND_LINE: CommandOrigin = 'command-line';

/** What a command hands to `append`. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * A global position in the log. Both stores order events by the pair (commit, prepare):
 * PostgreSQL uses (transaction id, row position), EventStoreDB its own commit/prepare positions.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based revision within the stream, the same convention in both stores. */
  revision: bigint;
  position: Position;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** A recorded event of one of a module's event types: `type` narrows `data`, with no cast. */
export type Recorded<E extends NewEvent> = E & Omit<RecordedEvent, 'type' | 'data'>;

/** An event without its metadata: all a read model is built from (see EventStore.readAllData). */
export type StoredEvent<Type extends string = string, Data = unknown> = Omit<RecordedEvent<Type, Data>, 'metadata'>;

/** 'any' skips the check; 'no_stream' requires a new stream; a bigint requires that exact last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | bigint;

export interface AppendResult {
  /** The revision of the last event written, which the caller may send back as its next expectation. */
  nextRevision: bigint;
  position: Position;
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  /**
   * With a commandId, the same append sent again (same command, stream, expectation and events)
   * is answered with the first one's result instead of writing the events twice; without one, the
   * store draws one per call, so only its own resend is recognised.
   */
  metadata: Omit<EventMetadata, 'occurredAt'> & { occurredAt?: string };
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after: Position;
  limit: number;
  /** Only events of these types (a rebuild reads what its projections handle, nothing else). */
  types?: readonly string[];
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Every event of one stream in revision order; empty when the stream does not exist. `E` names
   * the event types the stream holds (its module's events.ts), so callers need no casts.
   */
  readStream<E extends NewEvent = NewEvent>(streamId: string): Promise<Recorded<E>[]>;
  /** Events after a position, in position order, never past an event whose writer has not committed yet. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** readAll without the metadata, which a rebuild never looks at: less to read and to parse. */
  readAllData(options: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * The position of the last event a reader may see now (START when the log is empty): where a
   * subscription "from now" starts, nothing behind it can still appear.
   */
  headPosition(): Promise<Position>;
  /**
   * The position of the last event committed so far, which readers may not reach yet while an older
   * write is still open: what to wait for to read one's own writes, and anyone else's, in a read
   * model (docs/architecture.md#ordering-guarantee).
   */
  lastCommittedPosition(): Promise<Position>;
  /**
   * Calls `listener` (without arguments) whenever new events may be readable.
   * A hint only: readers must still poll, since a wake-up can be lost.
   */
  onAppended(listener: () => void): () => void;
  /** Delivers every event after `from`, exactly once and in order, until the returned handle is stopped. */
  subscribe(from: Position, handler: (event: RecordedEvent) => Promise<void> | void): Subscription;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Resolves when the subscription stopped on its own because the handler threw. */
  readonly failed: Promise<Error>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} was changed by someone else (expected ${String(expected)}, found ${String(actual)})`);
    this.name = 'ConcurrencyError';
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Positions travel in JSON and headers as "commit/prepare". */
export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}
