import { existsSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Router, type Express } from 'express';
import type { Kysely } from 'kysely';
import { ConfigError, durationToMs, loadConfig, type Config, type StoreConfig } from './config';
import type { AppContext, AppModule, JobContext, ModuleRoutes } from './context';
import { createLogger, type Logger } from './logger';
import { systemClock, type Clock } from './platform/clock';
import { auditModule } from './modules/audit';
import { catalogueModule } from './modules/catalogue';
import { identityModule } from './modules/identity';
import { operationsModule } from './modules/operations';
import { notesModule } from './modules/notes';
import { shopModule } from './modules/shop';
import { pagesModule } from './modules/pages';
import { orderingModule, recordDelivery } from './modules/ordering';
import { provisioningTrigger, subscriptionsModule } from './modules/subscriptions';
import { storeApiRoutes } from './openapi';
import { createHttpApp } from './platform/http/app';
import { createAdminAuth, type AdminAuth } from './platform/http/auth';
import type { FastRead } from './platform/http/fast-reads';
import { healthRoutes } from './platform/http/health';
import { meteredEventStore } from './platform/observability/event-store';
import { metricsRoutes, observeRequest } from './platform/observability/http';
import { meteredLimiters } from './platform/observability/limiters';
import { StoreMetrics } from './platform/observability/metrics';
import { socketCounts } from './platform/observability/sockets';
import { alignCheckpointsWithLog } from './platform/projections/log-source';
import { ProjectionOperations } from './platform/projections/operations';
import { ProjectionRunner } from './platform/projections/runner';
import { createRealtime, type Realtime } from './platform/realtime/realtime';
import { reportUncaught } from './platform/safety-net';
import { withSharedSecrets } from './platform/secrets';
import { openInfrastructure, type Infrastructure } from './platform/runtime';
import { allProjections } from './projections';
import { describeActor, findAdminPrincipal } from './projections/admin-users';
import { createLiveCatalogue } from './projections/catalogue';
import type { Database } from './projections/database';

// The composition root: configuration in, a running store out. Nothing else wires parts together.

/** Every module of the product, in the order their start-up work runs. */
export const modules: readonly AppModule[] = [
  identityModule,
  catalogueModule,
  orderingModule,
  // Recording a delivery on an order is the ordering module's command.
  subscriptionsModule({ recordOrderDelivery: recordDelivery }),
  notesModule,
  shopModule,
  auditModule,
  operationsModule,
  pagesModule,
];

/** Defines every module's background jobs: in the web process (which runs them unless RUN_WORKERS=false) and in `npm run worker`. */
export function defineJobs(ctx: JobContext): void {
  for (const module of modules) module.jobs?.(ctx);
}

export interface RunningApp {
  url: string;
  port: number;
  server: Server;
  http: Express;
  infra: Infrastructure;
  runner: ProjectionRunner;
  realtime: Realtime;
  /** This instance's Prometheus metrics (served at /metrics). */
  metrics: StoreMetrics;
  /** Its settings, with the secrets shared by every instance on its database. */
  config: StoreConfig;
  /**
   * Shuts down as a rolling restart needs: /readyz answers 503 and answers close their connections
   * for SHUTDOWN_DELAY, then close().
   */
  drain(): Promise<void>;
  /**
   * Stops accepting, sends socket clients away, lets requests in flight finish, stops the
   * projections after their batch (another instance takes them) and the jobs after the running ones.
   */
  close(): Promise<void>;
}

const WEB_DIR = fileURLToPath(new URL('../web/dist', import.meta.url));

export async function startApp(
  settings: Config,
  logger: Logger = createLogger(settings),
  options: { clock?: Clock } = {},
): Promise<RunningApp> {
  for (const warning of settings.warnings) logger.warn(warning);
  const infra = await openInfrastructure(settings, logger);
  // With the secrets every instance on the database shares (platform/secrets.ts).
  const config = await withSharedSecrets(infra, settings);
  const db: Kysely<Database> = infra.db;
  // The event store and the limits every module uses count into this instance's metrics.
  const metrics = new StoreMetrics(logger);
  const store = meteredEventStore(infra.store, metrics);
  const limiters = meteredLimiters(infra.limiters, metrics);
  const closers: (() => Promise<void>)[] = [() => infra.close()];
  const close = async () => {
    for (const closer of closers.reverse())
      await closer().catch((error: unknown) => logger.warn({ err: error }, 'error while closing'));
    closers.length = 0;
  };
  try {
    // engine.io (attached by createRealtime) takes the 'request' listeners the server has when it
    // attaches and passes them only what is not under /socket.io/; a listener added after it would
    // also get Socket.IO's long-polling requests and answer them a second time, which ends the
    // process (ERR_HTTP_HEADERS_SENT). So this one listener is there first and calls the HTTP app
    // once it is built (the server listens only after that).
    let http: RequestListener = (_req, res) => void res.writeHead(503).end();
    // Set by drain(): answers then close their connection, so a proxy opens its next one elsewhere.
    let draining = false;
    // Each request is timed for the metrics; the HTTP app runs it under its id (logs, events' correlationId).
    const server = createServer((req, res) => {
      if (draining) res.shouldKeepAlive = false;
      observeRequest(metrics, req, res);
      http(req, res);
    });
    const auth = createAdminAuth({
      secret: config.JWT_SECRET,
      expiresIn: config.JWT_EXPIRES_IN,
      findPrincipal: (claims) => findAdminPrincipal(db, claims),
    });
    const realtime = createRealtime({
      httpServer: server,
      logger,
      redisUrl: config.REDIS_URL,
      redisPrefix: config.QUEUE_PREFIX,
      corsOrigins: config.CORS_ORIGINS,
      authenticateAdmin: auth.verify,
      onAdminsChanged: auth.forgetPrincipals,
    });
    closers.push(() => realtime.close());

    // One in-memory catalogue for the instance: the catalogue projection refreshes it, the
    // modules' routes read it.
    const catalogue = createLiveCatalogue(db, realtime);
    const runner = new ProjectionRunner({
      db,
      store,
      databaseUrl: infra.database.url,
      projections: allProjections({
        db,
        realtime,
        catalogue,
        // A paid order's automatic delivery (or a renewal's extension) starts once its subscriptions
        // can be read (PROVISIONING_URL).
        onOrdersPaid: provisioningTrigger({ config, db, queue: infra.queue }),
      }),
      logger,
    });
    // Checkpoints of another engine's log are not positions in this one: rebuilt first if so.
    await alignCheckpointsWithLog({
      db,
      store,
      databaseUrl: infra.database.url,
      projections: runner.projections,
      engine: infra.eventStoreEngine,
      logger,
    });
    await runner.start();
    closers.push(() => runner.stop());

    const { queue } = infra;
    metrics.watch({
      projections: () => runner.status(),
      queue: () => queue.stats(),
      sockets: () => socketCounts(realtime.io),
    });
    const operations = new ProjectionOperations({
      db,
      store,
      databaseUrl: infra.database.url,
      projections: runner.projections,
      runner,
      logger,
    });
    // Rebuilds' progress, wherever they run (another instance, the CLI), to this instance's admins.
    closers.push(operations.watch((rebuild) => realtime.broadcastHere('admins', 'projectionRebuild', { rebuild })));
    const ctx: AppContext = {
      config,
      logger,
      db,
      store,
      queue,
      runner,
      operations,
      realtime,
      auth,
      limiters,
      catalogue,
      clock: options.clock ?? systemClock,
    };
    // Each module adds its public routes and its /api/admin routes.
    const routes = modules.map((module) => module.routes(ctx));
    defineJobs(ctx);
    if (config.RUN_WORKERS) await queue.start();
    // In module order: the first administrator (identity), the demo catalogue, pending checkouts
    // scheduled again (ordering, in the background while the orders read model catches up).
    for (const module of modules) await module.start?.(ctx);

    const app = createHttpApp({
      logger,
      corsOrigins: config.CORS_ORIGINS,
      publicUrl: config.PUBLIC_URL,
      trustProxy: config.TRUST_PROXY,
      webDir: existsSync(WEB_DIR) ? WEB_DIR : undefined,
      // The storefront's footer and support links (the web app has built-in defaults for dev).
      pageSettings: {
        'support-phone': config.SUPPORT_PHONE,
        'support-whatsapp': config.SUPPORT_WHATSAPP,
        'support-email': config.SUPPORT_EMAIL,
      },
      webPage: routes.find((m) => m.webPage)?.webPage,
      actorName: (actor) => describeActor(db, actor),
      readRouters: routes.flatMap((m) => (m.reads ? [m.reads] : [])),
      fastReads: Object.assign({}, ...routes.map((m) => m.fastReads ?? {}), adminFastReads(auth, routes)),
      routers: [
        metricsRoutes(metrics, { token: config.METRICS_TOKEN }),
        healthRoutes(
          {
            database: async () => void (await infra.database.pool.query('SELECT 1')),
            eventStore: () => infra.store.ping(),
            ...(config.REDIS_URL ? { redis: () => infra.queue.ping(), realtime: () => realtime.ping() } : {}),
          },
          auth.verify,
          () => draining,
        ),
        storeApiRoutes(config),
        adminMount(auth, routes),
        ...routes.flatMap((m) => (m.public ? [m.public] : [])),
      ],
    });
    http = app.listener;

    await listen(server, config.PORT, config.HOST);
    closers.push(() => closeServer(server, realtime));
    const port = (server.address() as AddressInfo).port;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      server,
      http: app.express,
      infra,
      runner,
      realtime,
      metrics,
      config,
      async drain() {
        draining = true;
        await new Promise((resolve) => setTimeout(resolve, durationToMs(config.SHUTDOWN_DELAY)));
        await close();
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** All admin routes under /api/admin, behind the token check: none can be mounted without it. */
function adminMount(auth: AdminAuth, modules: ModuleRoutes[]): Router {
  const admin = Router();
  admin.use(auth.requireAdmin);
  for (const module of modules) if (module.admin) admin.use(module.admin);
  return Router().use('/api/admin', admin);
}

/** The modules' admin fast reads under /api/admin, each answered only for a valid admin token. */
function adminFastReads(auth: AdminAuth, modules: ModuleRoutes[]): Record<string, FastRead> {
  const reads: Record<string, FastRead> = {};
  for (const module of modules)
    for (const [path, read] of Object.entries(module.adminFastReads ?? {}))
      // No valid token: declined, and Express's route answers the 401 as for any admin route.
      reads[`/api/admin${path}`] = (request) =>
        auth.principalOf(request.headers.authorization).then((principal) => (principal ? read(request) : undefined));
  return reads;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** How long requests in flight (a CSV export, a checkout) may take to finish once the store stops accepting. */
const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * Stops accepting connections, sends the socket clients away (they reconnect, through the proxy, to
 * another instance), lets the requests in flight finish within a grace period, then cuts what is left.
 */
function closeServer(server: Server, realtime: Realtime): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
    realtime.disconnectClients();
  });
}

/** The store's entry: `npm start`. Exported so a test can run it in a process of its own. */
export async function main(): Promise<RunningApp> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  let app: RunningApp;
  try {
    app = await startApp(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // An error that escapes every handler's own error path (a throw in a timer or event listener, a
  // rejection nobody awaits) is one request's or socket's bug, not the store's state: the event
  // store and read models live in PostgreSQL, each request's state dies with it. Ending the process
  // for it would drop every shopper's socket and every request in flight, and a crash loop is one
  // request away for anyone who finds the bug; so it is logged with what it was serving (and that
  // request answered 500) and the store keeps serving.
  process.on('uncaughtException', reportUncaught(logger, 'uncaught exception'));
  process.on('unhandledRejection', reportUncaught(logger, 'unhandled rejection'));
  logger.info(`IPTV store ready on ${config.PUBLIC_URL} (port ${app.port})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), durationToMs(config.SHUTDOWN_DELAY) + 30_000);
    force.unref();
    void app.drain().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
