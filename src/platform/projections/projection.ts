import type { Kysely } from 'kysely';
import type { RecordedEvent, StoredEvent } from '../eventstore/port';

/** Stores a folded batch, in order, on the batch's transaction. */
export type Write = (target: WriteTarget) => Promise<void>;

/** Where a batch is written: the live tables, or the shadow copies a rebuild fills. */
export interface WriteTarget {
  /** The batch's transaction. */
  db: Kysely<any>;
  /** Adds the rows created in the batch; one whose key is already there is replaced. */
  insertRows(rows: NewRows): Promise<void>;
}

/** Rows for one table, each with a value (or none, for NULL) for the listed columns. */
export interface NewRows {
  table: string;
  key: string;
  /** Column name → PostgreSQL type. */
  columns: Record<string, string>;
  rows: readonly object[];
}

/**
 * A read model: which events it handles and how a batch of them changes its rows.
 *
 * Rules that let the runner rebuild it into a shadow schema and swap it in:
 * - its tables are created by a migration, listed in `tables`, and referred to unqualified
 *   (the runner points `search_path` at the schema being written);
 * - no serial/identity columns (keys come from the events);
 * - `fold` is idempotent per event and folds a batch in memory before writing where it can.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  handles: ReadonlySet<string>;
  /**
   * Folds a batch in memory, with no I/O, and returns the write that stores it (run in the batch's
   * transaction). Kept apart so a rebuild folds the next batch while this one is being written.
   * Events come without their metadata in a rebuild (see EventStore.readAllData).
   */
  fold(events: StoredEvent[]): Write;
  /**
   * For a rebuild of a read model whose folding needs what earlier batches left (the audit's
   * entity states), which `fold` reads back from its tables batch after batch: a replay that keeps
   * it in memory from the first event of the log on instead. Without it, a rebuild uses `fold`.
   */
  replay?(): Replay;
  /**
   * Tables a replay only ever adds rows to, each once (keyed by event, or written whole at its
   * end): a rebuild gives their copies their primary key after the replay, with the other indexes,
   * instead of maintaining it row by row (random keys cost PostgreSQL more than the rows).
   */
  insertOnlyTables?: readonly string[];
  /**
   * Set when `fold` needs each event's metadata (who, when: the audit trail): a rebuild then reads
   * the log with it for this projection (the live runner always hands it over).
   */
  readsMetadata?: boolean;
  /** Runs after the batch committed (never during a rebuild): push live updates from here. */
  afterCommit?(events: RecordedEvent[]): void | Promise<void>;
}

/** A rebuild's fold over the whole log, from its first event: state kept between batches in memory. */
export interface Replay {
  /** As Projection.fold, given every batch of the log in order. */
  fold(events: StoredEvent[]): Write;
  /** Writes what the replay kept, after its last batch. */
  finish(): Write;
}
