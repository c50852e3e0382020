import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { redactUrl, type Config } from '../config';
import { checkReachable, ensureDatabaseExists, openDatabase, type DatabaseHandle } from './db/database';
import { startEmbeddedPostgres } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { connectEsdb } from './eventstore/esdb';
import type { EventStore } from './eventstore/port';
import { PostgresEventStore } from './eventstore/postgres';
import { eventStoreEngine } from './projections/log-source';
import { BullMqQueue } from './queue/bullmq';
import { InProcessQueue } from './queue/in-process';
import type { JobFailure, JobQueue } from './queue/port';
import { createLimiters, type Limiters } from './throttle/limiters';

const EMBEDDED_DATABASE = 'iptv_store';

/** The engines every process of the product stands on, chosen by configuration. */
export interface Infrastructure {
  // The platform does not know the product's tables: the entry points type it (Kysely<Database>).
  database: DatabaseHandle<any>;
  db: Kysely<any>;
  store: EventStore;
  queue: JobQueue;
  /** Rate limits shared by every instance (Redis when configured, else PostgreSQL). */
  limiters: Limiters;
  /** Which event store's log this is (projections/log-source.ts). */
  eventStoreEngine: string;
  /** Closes everything opened, last opened first. */
  close(): Promise<void>;
}

export async function openInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse())
      await closer().catch((error: unknown) => logger.warn({ err: error }, 'error while closing'));
    closers.length = 0;
  };
  try {
    const databaseUrl = await resolveDatabase(config, logger, closers);
    const database = openDatabase<any>(databaseUrl);
    closers.push(() => database.close());
    const applied = await migrateToLatest(database.db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');

    const store = config.EVENTSTORE_URL
      ? await connectEsdb(config.EVENTSTORE_URL)
      : new PostgresEventStore(database.pool, databaseUrl);
    closers.push(() => store.close());
    if (config.EVENTSTORE_URL) logger.info({ eventStore: redactUrl(config.EVENTSTORE_URL) }, 'events in EventStoreDB');

    const hooks = {
      onFailed: (failure: JobFailure) =>
        logger.error({ job: failure.name, jobId: failure.jobId, err: failure.error }, 'job failed for good'),
      onError: (error: unknown) => logger.warn({ err: error }, 'job queue trouble'),
    };
    const queue: JobQueue = config.REDIS_URL
      ? new BullMqQueue({ url: config.REDIS_URL, prefix: config.QUEUE_PREFIX, ...hooks })
      : new InProcessQueue(hooks);
    closers.push(() => queue.close());
    const limiters = createLimiters({
      pool: database.pool,
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      logger,
    });
    closers.push(() => limiters.close());
    return {
      database,
      db: database.db,
      store,
      queue,
      limiters,
      eventStoreEngine: eventStoreEngine(config.EVENTSTORE_URL),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function resolveDatabase(config: Config, logger: Logger, closers: (() => Promise<void>)[]): Promise<string> {
  if (config.DATABASE_URL) {
    await checkReachable(config.DATABASE_URL);
    return config.DATABASE_URL;
  }
  const server = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, logger });
  closers.push(() => server.stop());
  logger.info({ port: config.EMBEDDED_PG_PORT, dataDir: config.DATA_DIR }, 'embedded PostgreSQL running');
  await ensureDatabaseExists(server.adminUrl, EMBEDDED_DATABASE);
  return server.urlFor(EMBEDDED_DATABASE);
}
