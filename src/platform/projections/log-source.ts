import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/port';
import type { Projection } from './projection';
import { RebuildRunningError, rebuildProjections } from './rebuild';

// The read models' checkpoints are positions in one event store's log. Switched to another engine
// (EVENTSTORE_URL set or unset, or pointed at another server) with read models already built, the
// runner would read those positions as the new log's and skip or repeat events. So the engine the
// checkpoints belong to is recorded, and on a switch the read models are rebuilt from the new log
// (shadow tables, swapped in) before any projection runs.

interface LogSourceTables {
  projection_log_source: { id: boolean; engine: string; recorded_at: Date };
}

/** What identifies an event store's log: the engine, and for a server its address. */
export function eventStoreEngine(eventStoreUrl: string | undefined): string {
  if (!eventStoreUrl) return 'postgresql';
  const url = new URL(eventStoreUrl);
  return `eventstoredb ${url.host}`;
}

/**
 * Makes the checkpoints positions of `engine`'s log: records it the first time, rebuilds every
 * read model when they were built from another. Resolves with whether it rebuilt.
 */
export async function alignCheckpointsWithLog(options: {
  db: Kysely<any>;
  store: EventStore;
  databaseUrl: string;
  projections: Projection[];
  engine: string;
  logger: Pick<Logger, 'info' | 'warn'>;
}): Promise<boolean> {
  const db = options.db as Kysely<LogSourceTables>;
  const recorded = await readEngine(db);
  if (recorded === options.engine) return false;
  if (recorded) {
    options.logger.warn(
      { from: recorded, to: options.engine },
      'the read models were built from another event store: rebuilding them from this one before starting',
    );
    try {
      await rebuildProjections(options);
    } catch (error) {
      if (!(error instanceof RebuildRunningError)) throw error;
      // Another instance started at the same time is rebuilding them: its outcome is this one's.
      await until(async () => (await readEngine(db)) === options.engine);
      return true;
    }
  }
  await sql`
    INSERT INTO projection_log_source (id, engine) VALUES (true, ${options.engine})
    ON CONFLICT (id) DO UPDATE SET engine = EXCLUDED.engine, recorded_at = now()`.execute(db);
  return recorded !== undefined;
}

const readEngine = async (db: Kysely<LogSourceTables>) =>
  (await db.selectFrom('projection_log_source').select('engine').executeTakeFirst())?.engine;

async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 1000));
}
