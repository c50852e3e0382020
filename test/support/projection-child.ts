// Runs a projection runner with a slow test projection in its own process, so a test can kill it
// (SIGKILL) in the middle of a batch.
import { pino } from 'pino';
import { openDatabase } from '../../src/platform/db/database';
import { PostgresEventStore } from '../../src/platform/eventstore/postgres';
import { ProjectionRunner } from '../../src/platform/projections/runner';
import { testProjection } from './test-projection';

const url = process.env.CHILD_DATABASE_URL!;
const database = openDatabase<any>(url, { applicationName: 'projection-child' });
const store = new PostgresEventStore(database.pool, url);
const runner = new ProjectionRunner({
  db: database.db,
  store,
  databaseUrl: url,
  projections: [testProjection({ slowMs: 60_000 })],
  logger: pino({ level: 'silent' }),
  batchSize: 50,
});
await runner.start();
process.stdout.write('started\n');
