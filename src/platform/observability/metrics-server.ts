import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Logger } from 'pino';
import { errorHandler, routeNotFound } from '../http/errors';
import { metricsRoutes, type MetricsAccess } from './http';
import type { StoreMetrics } from './metrics';

/**
 * /metrics on a port of its own, for a process that serves nothing else (`npm run worker`: its jobs
 * fail and retry in it, and only it can count them). The same access rules as the store's.
 */
export async function serveMetrics(
  metrics: StoreMetrics,
  options: MetricsAccess & { port: number; host: string; trustProxy: false | number | string; logger: Logger },
): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.use(metricsRoutes(metrics, { token: options.token }));
  app.use((req, _res, next) => next(routeNotFound(req.method, req.path)));
  app.use(errorHandler(options.logger));
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
