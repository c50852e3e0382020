import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { INTERNAL_ERROR_MESSAGE } from './http/errors';

// What an error thrown outside every handler's own error path (in a timer, an event listener, a
// promise nobody awaits) was working for. Node runs the process's uncaughtException and
// unhandledRejection handlers in the async context of the failing callback, so the request or
// socket message that scheduled it is known there.

type FailureContext =
  { req: IncomingMessage & { id?: unknown }; res: ServerResponse } | { socketId: string; event: string };

const current = new AsyncLocalStorage<FailureContext>();

/** Runs an HTTP request's handling under its id (pino-http logs the same id for it). */
export function inRequestContext<T>(req: IncomingMessage & { id?: unknown }, res: ServerResponse, handle: () => T): T {
  req.id ??= randomUUID();
  return current.run({ req, res }, handle);
}

export function inSocketContext<T>(socketId: string, event: string, handle: () => T): T {
  return current.run({ socketId, event }, handle);
}

/** The log fields naming what a failure was working for, if anything. */
function failureContext(): Record<string, unknown> {
  const at = current.getStore();
  if (!at) return {};
  if ('res' in at) return { requestId: at.req.id, method: at.req.method, url: at.req.url };
  return { socketId: at.socketId, event: at.event };
}

/**
 * For process.on('uncaughtException' | 'unhandledRejection'): logs the error with its context and,
 * when it broke an HTTP request that has not been answered, answers that one request 500 (or
 * cuts a half-sent answer, so its client is not left waiting).
 */
export function reportUncaught(logger: Pick<Logger, 'error'>, kind: string): (error: unknown) => void {
  return (error) => {
    logger.error({ err: error, ...failureContext() }, `${kind}; the store keeps serving`);
    const at = current.getStore();
    if (!at || !('res' in at) || at.res.writableEnded) return;
    if (at.res.headersSent) return void at.res.destroy();
    const body = JSON.stringify({ message: INTERNAL_ERROR_MESSAGE, status: 500 });
    at.res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
  };
}
