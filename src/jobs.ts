import type { Infrastructure } from './platform/runtime';

/**
 * Defines every background job of the product on the queue, with its handler. Called by the web
 * process (which enqueues, and runs them itself in embedded mode) and by `npm run worker`.
 * Modules add their jobs here (payment reconciliation arrives with the ordering module).
 */
export function defineJobs(_infra: Infrastructure): void {}
