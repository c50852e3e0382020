import { loadConfig } from './config';
import { createLogger } from './logger';
import { defineJobs } from './main';
import { systemClock } from './platform/clock';
import { meteredEventStore } from './platform/observability/event-store';
import { StoreMetrics } from './platform/observability/metrics';
import { serveMetrics } from './platform/observability/metrics-server';
import { openInfrastructure } from './platform/runtime';
import { reportUncaught } from './platform/safety-net';
import { withSharedSecrets } from './platform/secrets';

// `npm run worker`: a process that only runs background jobs from Redis (BullMQ), next to any
// number of web processes started with RUN_WORKERS=false.
const config = loadConfig();
const logger = createLogger(config);
if (!config.REDIS_URL) {
  logger.fatal('npm run worker needs REDIS_URL; without Redis, `npm start` runs the jobs itself.');
  process.exit(1);
}
// As in the store: one failing job's stray error is logged, and the other jobs keep running.
process.on('uncaughtException', reportUncaught(logger, 'uncaught exception'));
process.on('unhandledRejection', reportUncaught(logger, 'unhandled rejection'));
const infra = await openInfrastructure(config, logger);
const settings = await withSharedSecrets(infra, config);
// Its jobs' failures, retries and appends are counted here, so the worker serves its own /metrics.
const metrics = new StoreMetrics(logger);
metrics.watch({ queue: () => infra.queue.stats() });
defineJobs({
  config: settings,
  logger,
  db: infra.db,
  store: meteredEventStore(infra.store, metrics),
  queue: infra.queue,
  clock: systemClock,
});
await infra.queue.start();
// Jobs matter more than their metrics: a port already taken (a second worker on the host) is logged.
const metricsServer = await serveMetrics(metrics, {
  port: config.WORKER_METRICS_PORT,
  host: config.HOST,
  token: config.METRICS_TOKEN,
  trustProxy: config.TRUST_PROXY,
  logger,
}).catch((error: unknown) => {
  logger.warn({ err: error, port: config.WORKER_METRICS_PORT }, 'worker metrics not served: set WORKER_METRICS_PORT');
  return undefined;
});
logger.info({ metrics: metricsServer && `${metricsServer.url}/metrics` }, 'worker running');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  logger.info('worker stopping: finishing running jobs');
  void Promise.resolve(metricsServer?.close())
    .then(() => infra.close())
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
