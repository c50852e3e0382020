import type { Kysely } from 'kysely';
import type { RecordedEvent, StoredEvent } from '../eventstore/port';

/**
 * A read model: which events it handles and how a batch of them changes its rows.
 *
 * Rules that let the runner rebuild it into a shadow schema and swap it in:
 * - its tables are created by a migration, listed in `tables`, and referred to unqualified
 *   (the runner points `search_path` at the schema being written);
 * - no serial/identity columns (keys come from the events);
 * - `apply` is idempotent per event and folds a batch in memory before writing where it can.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  handles: ReadonlySet<string>;
  /** Events come without their metadata in a rebuild (see EventStore.readAllData). */
  apply(db: Kysely<any>, events: StoredEvent[]): Promise<void>;
  /** Runs after the batch committed (never during a rebuild): push live updates from here. */
  afterCommit?(events: RecordedEvent[]): void | Promise<void>;
}
