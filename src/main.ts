import { existsSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino, type Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { Router, type Express } from 'express';
import type { AppContext, ModuleRoutes } from './platform/context';
import { createHttpApp } from './platform/http/app';
import { createAdminAuth, type AdminAuth } from './platform/http/auth';
import { healthRoutes } from './platform/http/health';
import { ProjectionRunner } from './platform/projections/runner';
import { createRealtime, type Realtime } from './platform/realtime/realtime';
import { inRequestContext, reportUncaught } from './platform/safety-net';
import { openInfrastructure, type Infrastructure } from './platform/runtime';
import { defineJobs } from './jobs';
import { ensureFirstAdmin, firstAdminPosition } from './modules/identity/first-admin';
import { findAdminPrincipal } from './modules/identity/queries';
import { identityRoutes } from './modules/identity/routes';
import { seedDemoCatalogue } from './modules/catalogue/demo';
import { findProductsForPricing, productFigures } from './modules/catalogue/queries';
import { catalogueRoutes } from './modules/catalogue/routes';
import { orderingRoutes, reschedulePendingCheckouts } from './modules/ordering';
import { allProjections } from './projections';
import { liveCatalogue } from './projections/catalogue';

// The composition root: configuration in, a running store out. Nothing else wires parts together.

export interface RunningApp {
  url: string;
  port: number;
  server: Server;
  http: Express;
  infra: Infrastructure;
  runner: ProjectionRunner;
  realtime: Realtime;
  close(): Promise<void>;
}

const WEB_DIR = fileURLToPath(new URL('../web/dist', import.meta.url));

export async function startApp(config: Config, logger: Logger = createLogger(config)): Promise<RunningApp> {
  for (const warning of config.warnings) logger.warn(warning);
  const infra = await openInfrastructure(config, logger);
  const closers: (() => Promise<void>)[] = [() => infra.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error: unknown) => logger.warn({ err: error }, 'error while closing'));
    closers.length = 0;
  };
  try {
    // engine.io (attached by createRealtime) takes the 'request' listeners the server has when it
    // attaches and passes them only what is not under /socket.io/; a listener added after it would
    // also get Socket.IO's long-polling requests and answer them a second time, which ends the
    // process (ERR_HTTP_HEADERS_SENT). So this one listener is there first and calls the HTTP app
    // once it is built (the server listens only after that).
    let http: RequestListener = (_req, res) => void res.writeHead(503).end();
    const server = createServer((req, res) => inRequestContext(req, res, () => http(req, res)));
    const auth = createAdminAuth({
      secret: config.JWT_SECRET,
      expiresIn: config.JWT_EXPIRES_IN,
      findPrincipal: (claims) => findAdminPrincipal(infra.db, claims),
    });
    const realtime = createRealtime({
      httpServer: server,
      logger,
      redisUrl: config.REDIS_URL,
      corsOrigins: config.CORS_ORIGINS,
      authenticateAdmin: auth.verify,
    });
    closers.push(() => realtime.close());

    const runner = new ProjectionRunner({
      db: infra.db,
      store: infra.store,
      databaseUrl: infra.database.url,
      projections: allProjections({ db: infra.db, realtime }),
      logger,
    });
    await runner.start();
    closers.push(() => runner.stop());

    const ctx: AppContext = { config, logger, db: infra.db, store: infra.store, queue: infra.queue, runner, realtime, auth, limiters: infra.limiters };
    // Every module of the product; each adds its public routes and its /api/admin routes.
    const catalogueReads = {
      products: (ids: string[]) => findProductsForPricing(liveCatalogue(runner.projections), ids),
      figures: (from: Date, to: Date) => productFigures(infra.db, from, to),
    };
    const modules: ModuleRoutes[] = [identityRoutes(ctx), catalogueRoutes(ctx), orderingRoutes(ctx, catalogueReads)];

    await ensureFirstAdmin(
      infra.store,
      { username: config.ADMIN_USERNAME, name: config.ADMIN_NAME, password: config.ADMIN_PASSWORD },
      config.LOG_LEVEL === 'silent' ? () => {} : announceFirstAdmin,
    );
    // The first administrator can sign in as soon as the store answers. Waiting for the log's
    // readable head is not enough: a transaction still open anywhere in the cluster keeps the
    // admin's own events below that head for a while.
    await runner.waitFor(await firstAdminPosition(infra.store), { projections: ['admin-users'], timeoutMs: 10_000 });
    if (config.SEED_DEMO) logger.info({ demoCatalogue: await seedDemoCatalogue(ctx) }, 'demo catalogue');

    const app = createHttpApp({
      logger,
      corsOrigins: config.CORS_ORIGINS,
      trustProxy: config.TRUST_PROXY,
      webDir: existsSync(WEB_DIR) ? WEB_DIR : undefined,
      // The storefront's footer and support links (the web app has built-in defaults for dev).
      pageSettings: { 'support-phone': config.SUPPORT_PHONE, 'support-whatsapp': config.SUPPORT_WHATSAPP, 'support-email': config.SUPPORT_EMAIL },
      readRouters: modules.flatMap((m) => (m.reads ? [m.reads] : [])),
      fastReads: Object.assign({}, ...modules.map((m) => m.fastReads ?? {})),
      routers: [
        healthRoutes({
          database: async () => void (await infra.database.pool.query('SELECT 1')),
          eventStore: () => infra.store.ping(),
          ...(config.REDIS_URL ? { redis: () => infra.queue.ping(), realtime: () => realtime.ping() } : {}),
        }, auth.verify),
        adminMount(auth, modules),
        ...modules.flatMap((m) => (m.public ? [m.public] : [])),
      ],
    });
    http = app.listener;

    defineJobs(infra, config, logger);
    if (config.RUN_WORKERS) await infra.queue.start();
    // In the background: the store answers while the orders read model catches up.
    void reschedulePendingCheckouts({ db: infra.db, queue: infra.queue, logger, store: infra.store, runner }).catch((error: unknown) =>
      logger.error({ err: error }, 'could not schedule pending checkouts; they will be at the next start'),
    );

    await listen(server, config.PORT, config.HOST);
    closers.push(() => closeServer(server));
    const port = (server.address() as AddressInfo).port;
    return { url: `http://127.0.0.1:${port}`, port, server, http: app.express, infra, runner, realtime, close };
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

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL, base: undefined, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}

function announceFirstAdmin({ username, password, generated }: { username: string; password: string; generated: boolean }): void {
  const lines = generated
    ? [
        'First administrator created. This password is shown only once:',
        `  username: ${username}`,
        `  password: ${password}`,
        'Sign in at /admin/login and change it under Settings.',
      ]
    : [`First administrator "${username}" created from ADMIN_USERNAME / ADMIN_PASSWORD.`];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '='.repeat(width);
  process.stdout.write(`\n${bar}\n${lines.map((l) => `  ${l}`).join('\n')}\n${bar}\n\n`);
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

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
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
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
