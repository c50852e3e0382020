import type { Logger } from 'pino';
import type { Config } from './config';
import { defineOrderingJobs } from './modules/ordering';
import type { Infrastructure } from './platform/runtime';

/**
 * Defines every background job of the product on the queue, with its handler. Called by the web
 * process (which enqueues, and runs them itself unless RUN_WORKERS=false) and by `npm run worker`.
 */
export function defineJobs(infra: Infrastructure, config: Config, logger: Logger): void {
  defineOrderingJobs({ config, logger, db: infra.db, store: infra.store, queue: infra.queue });
}
