import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// The request a piece of work is done for, carried through its async calls: every log line of the
// request names it (logger mixin) and every event it appends carries it as correlationId
// (commandMetadata), so one admin action is followed from the HTTP log to its events to the
// projection batches that applied them, with no module passing it by hand. The safety net reads
// the request and its response from the same scope: one AsyncLocalStorage, as each one costs every
// promise of the process its own propagation (Node 20).

interface RequestScope {
  requestId: string;
  req: IncomingMessage;
  res: ServerResponse;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** A client's X-Request-Id is kept when it is a plausible id (a proxy's or a test's); bounded, no spaces or control characters. */
const CLIENT_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** The request's id: the client's X-Request-Id when acceptable, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && CLIENT_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Names an HTTP request, once: sets `req.id` (what the request log line names) and the
 * X-Request-Id response header, so a client can quote it.
 */
export function identifyRequest(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const requestId = requestIdOf(req);
  req.id = requestId;
  res.setHeader('X-Request-Id', requestId);
  return requestId;
}

/** Runs an HTTP request's handling under its id (identifyRequest). */
export function inRequestScope<T>(req: IncomingMessage & { id?: unknown }, res: ServerResponse, handle: () => T): T {
  const requestId = identifyRequest(req, res);
  return scope.run({ requestId, req, res }, handle);
}

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

/** The request this code runs for and its response, if any. */
export const currentRequest = (): Readonly<RequestScope> | undefined => scope.getStore();

/**
 * Runs `work` outside any request: for timers that outlive the request that set them (a job
 * enqueued during a checkout runs later for no request, as it would in another process).
 */
export const outsideRequest = <T>(work: () => T): T => scope.exit(work);

/** pino's mixin: the request id on every line logged while serving a request. */
export function requestLogFields(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}
