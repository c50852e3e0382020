import type { Kysely } from 'kysely';
import type { StoreConfig } from './config';
import type { Clock } from './platform/clock';
import type { Logger } from './logger';
import type { EventStore } from './platform/eventstore/port';
import type { AdminAuth } from './platform/http/auth';
import type { ModuleRoutes } from './platform/http/module-routes';
import type { ProjectionOperations } from './platform/projections/operations';
import type { ProjectionRunner } from './platform/projections/runner';
import type { JobQueue } from './platform/queue/port';
import type { Realtime } from './platform/realtime/realtime';
import type { Limiters } from './platform/throttle/limiters';
import type { LiveCatalogue } from './projections/catalogue';
import type { Database } from './projections/database';

export type { ModuleRoutes };

/** What a module is given to build its routes and start-up work: the platform and shared instances, never another module. */
export interface AppContext {
  config: StoreConfig;
  logger: Logger;
  db: Kysely<Database>;
  store: EventStore;
  queue: JobQueue;
  runner: ProjectionRunner;
  /** Status and rebuilds of the read models (the same code as the CLI's). */
  operations: ProjectionOperations;
  realtime: Realtime;
  auth: AdminAuth;
  limiters: Limiters;
  /** The catalogue held in memory (built once by main.ts, shared by every module that reads it). */
  catalogue: LiveCatalogue;
  /** The time reads go by (expiry, the reminders' windows): the system's, or a test's. */
  clock: Clock;
}

/** What a module's background jobs are given: the same in the web process and in `npm run worker`. */
export interface JobContext {
  config: StoreConfig;
  logger: Logger;
  db: Kysely<Database>;
  store: EventStore;
  queue: JobQueue;
  /** As AppContext's: automatic delivery starts subscriptions by it. */
  clock: Clock;
}

/** One business capability, as main.ts wires it: its routes, its jobs, its start-up work. */
export interface AppModule {
  name: string;
  routes(ctx: AppContext): ModuleRoutes;
  /** Defines the module's jobs on the queue, in the web process and the worker alike. */
  jobs?(ctx: JobContext): void;
  /** Start-up work, run once the projections run and before the store answers (unless it runs in the background). */
  start?(ctx: AppContext): Promise<void>;
}
