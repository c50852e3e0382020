import type { Kysely } from 'kysely';
import type { RecordedEvent, StoredEvent } from '../eventstore/port';

/** Stores a folded batch: statements run in order on the batch's transaction. */
export type Write = (db: Kysely<any>) => Promise<void>;

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
  /** Runs after the batch committed (never during a rebuild): push live updates from here. */
  afterCommit?(events: RecordedEvent[]): void | Promise<void>;
}
