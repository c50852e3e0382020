import { Router, type Request } from 'express';
import type { AdminPrincipal } from './auth';

export type HealthCheck = () => Promise<void>;

/** Who may read why a check failed: the admin behind a bearer token, or null. */
export type VerifyToken = (token: string) => Promise<AdminPrincipal | null>;

/**
 * /healthz: the process answers. /readyz: every dependency answers (503 otherwise) and the names
 * of those that do not. Their errors name hosts and ports, so only an admin's bearer token reads them.
 */
export function healthRoutes(
  checks: Record<string, HealthCheck>,
  verify: VerifyToken,
  /** Whether this instance is shutting down: then it is not ready, whatever its dependencies say. */
  draining: () => boolean = () => false,
): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    if (draining()) return void res.status(503).json({ status: 'draining', failing: [] });
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2000);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : 'failed'] as const;
        }
      }),
    );
    const failing = results.filter(([, result]) => result !== 'ok').map(([name]) => name);
    const ready = failing.length === 0;
    const answer = { status: ready ? 'ready' : 'not ready', failing };
    const admin = await isAdmin(req, verify);
    res.status(ready ? 200 : 503).json(admin ? { ...answer, checks: Object.fromEntries(results) } : answer);
  });
  return router;
}

async function isAdmin(req: Request, verify: VerifyToken): Promise<boolean> {
  const token = /^Bearer (\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  // A database that is down cannot say who the token belongs to: then the caller is anonymous.
  return token ? (await verify(token).catch(() => null)) !== null : false;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
