import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { rebuildProjections } from '../platform/projections/rebuild';
import { ProjectionRunner } from '../platform/projections/runner';
import { openInfrastructure } from '../platform/runtime';
import { allProjections } from '../projections';
import { createLiveCatalogue } from '../projections/catalogue';
import type { Database } from '../projections/database';

// `npm run projections -- status` | `npm run projections -- rebuild <name|all>`

const [command, target] = process.argv.slice(2);
const usage = 'usage: npm run projections -- status | rebuild <name|all>';

if (command !== 'status' && command !== 'rebuild') {
  console.error(usage);
  process.exit(2);
}
if (command === 'rebuild' && !target) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger({ LOG_LEVEL: 'warn' });
const infra = await openInfrastructure(config, logger);
const db: Kysely<Database> = infra.db;
const projections = allProjections({ db, catalogue: createLiveCatalogue(db) });
const chosen = target === 'all' || !target ? projections : projections.filter((p) => p.name === target);
if (!chosen.length) {
  console.error(`no projection named "${target}"; projections: ${projections.map((p) => p.name).join(', ')}`);
  await infra.close();
  process.exit(2);
}
try {
  if (command === 'status') {
    const runner = new ProjectionRunner({
      db: infra.db,
      store: infra.store,
      databaseUrl: infra.database.url,
      projections,
      logger,
    });
    console.table(await runner.status());
  } else {
    const started = Date.now();
    const { events } = await rebuildProjections({
      db: infra.db,
      store: infra.store,
      databaseUrl: infra.database.url,
      projections: chosen,
      onProgress: ({ events: done, position, head }) =>
        process.stdout.write(`\r${progressBar(position.prepare, head.prepare)} ${done} events`),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`\nrebuilt ${chosen.map((p) => p.name).join(', ')}: ${events} events in ${seconds.toFixed(1)} s`);
  }
} finally {
  await infra.close();
}

function progressBar(done: bigint, total: bigint): string {
  // Before its first batch a projection is at START (-1).
  const ratio = total > 0n ? Math.min(1, Math.max(0, Number(done) / Number(total))) : 1;
  const width = 30;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%`;
}
