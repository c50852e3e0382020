import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { EventStore } from './eventstore/port';
import type { FastRead } from './http/app';
import type { AdminAuth } from './http/auth';
import type { ProjectionRunner } from './projections/runner';
import type { JobQueue } from './queue/port';
import type { Realtime } from './realtime/realtime';
import type { Limiters } from './throttle/limiters';

/** What a module is given to build its routes and jobs: the platform, never another module. */
export interface AppContext {
  config: Config;
  logger: Logger;
  db: Kysely<any>;
  store: EventStore;
  queue: JobQueue;
  runner: ProjectionRunner;
  realtime: Realtime;
  auth: AdminAuth;
  limiters: Limiters;
}

/**
 * A module's HTTP surface. `public` is mounted at the root (paths as SPEC §7 names them);
 * `admin` at /api/admin behind the admin token check, so no admin route can forget it.
 */
export interface ModuleRoutes {
  public?: Router;
  admin?: Router;
  /**
   * Hot shopper reads (GET only, no body, answered from memory): mounted ahead of request logging
   * and body parsing, which would otherwise cost more than the answer itself. Security headers
   * and CORS still apply; errors are still logged.
   */
  reads?: Router;
  /**
   * The hottest of those reads, by exact path, answered before Express when they can be (see
   * FastRead); whatever they decline, `reads` answers.
   */
  fastReads?: Record<string, FastRead>;
}
