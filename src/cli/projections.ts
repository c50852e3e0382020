import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { ProjectionOperations, UnknownProjectionError } from '../platform/projections/operations';
import { RebuildRunningError } from '../platform/projections/rebuild';
import { ProjectionRunner } from '../platform/projections/runner';
import { openInfrastructure } from '../platform/runtime';
import { allProjections } from '../projections';
import { createLiveCatalogue } from '../projections/catalogue';
import type { Database } from '../projections/database';
import type { ProjectionsOverview, RebuildView } from '../shared/operations';

// `npm run projections -- status` | `npm run projections -- rebuild <name|all>`: the same code as
// the back office's /admin/projections (ProjectionOperations), so a rebuild started here shows
// there, with its progress, and the other way round.

const [command, target] = process.argv.slice(2);
const usage = 'usage: npm run projections -- status | rebuild <name|all>';

if ((command !== 'status' && command !== 'rebuild') || (command === 'rebuild' && !target)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger({ LOG_LEVEL: 'warn' });
const infra = await openInfrastructure(config, logger);
const db: Kysely<Database> = infra.db;
const projections = allProjections({ db, catalogue: createLiveCatalogue(db) });
const runner = new ProjectionRunner({
  db,
  store: infra.store,
  databaseUrl: infra.database.url,
  projections,
  logger,
});
const operations = new ProjectionOperations({
  db,
  store: infra.store,
  databaseUrl: infra.database.url,
  projections,
  runner,
  logger,
});
try {
  if (command === 'status') printStatus(await operations.overview());
  else {
    const done = await operations.runRebuild(target!, { origin: 'cli' }, (view) =>
      process.stdout.write(`\r${progressLine(view)}`),
    );
    console.log(
      `\nrebuilt ${done.projections.join(', ')}: ${done.events} events in ${((done.durationMs ?? 0) / 1000).toFixed(1)} s`,
    );
    console.table(done.rows);
  }
} catch (error) {
  if (!(error instanceof UnknownProjectionError || error instanceof RebuildRunningError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await infra.close();
}

function printStatus(overview: ProjectionsOverview): void {
  console.log(`log head: ${overview.head}`);
  console.table(
    overview.projections.map((p) => ({
      name: p.name,
      state: p.state,
      position: p.position,
      'behind (events)': p.behindEvents,
      'lag (s)': p.lagSeconds,
      instance: p.instance ?? '',
      error: p.error ?? '',
    })),
  );
  const running = overview.rebuilds.filter((r) => r.state === 'running');
  for (const rebuild of running) console.log(`rebuilding: ${progressLine(rebuild)}`);
}

function progressLine(view: RebuildView): string {
  const ratio = view.totalEvents > 0 ? Math.min(1, view.events / view.totalEvents) : 0;
  const width = 30;
  const filled = Math.round(ratio * width);
  const eta = view.etaSeconds === null ? '' : `, ${view.etaSeconds} s left`;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${view.projections.join(', ')}: ${view.events} events, ${view.rate}/s${eta}`;
}
