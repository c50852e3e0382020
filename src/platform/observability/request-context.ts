import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// The request a piece of work is done for, carried through its async calls: every log line of the
// request names it (logger mixin) and every event it appends carries it as correlationId
// (commandMetadata), so one admin action is followed from the HTTP log to its events to the
// projection batches that applied them, with no module passing it by hand. The safety net reads
// the request and its response from the same scope, or the socket message being handled. One
// AsyncLocalStorage for both: on Node 20 each one costs every promise of the process its own
// propagation.

interface RequestScope {
  requestId: string;
  req: IncomingMessage;
  res: ServerResponse;
}

/** A message a socket sent, while its handler runs. */
export interface SocketMessage {
  socketId: string;
  event: string;
}

const scope = new AsyncLocalStorage<{ request: RequestScope } | { socketMessage: SocketMessage }>();

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
  return scope.run({ request: { requestId, req, res } }, handle);
}

/** Runs a socket message's handler under that message. */
export function inSocketMessage<T>(socketId: string, event: string, handle: () => T): T {
  return scope.run({ socketMessage: { socketId, event } }, handle);
}

/** The request this code runs for and its response, if any. */
export function currentRequest(): Readonly<RequestScope> | undefined {
  const store = scope.getStore();
  return store && 'request' in store ? store.request : undefined;
}

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => currentRequest()?.requestId;

/** The socket message this code handles, if any. */
export function currentSocketMessage(): Readonly<SocketMessage> | undefined {
  const store = scope.getStore();
  return store && 'socketMessage' in store ? store.socketMessage : undefined;
}

/**
 * Runs `work` outside any request or socket message: for timers that outlive the request that set them (a job
 * enqueued during a checkout runs later for no request, as it would in another process).
 */
export const outsideRequest = <T>(work: () => T): T => scope.exit(work);

/** pino's mixin: the request id on every line logged while serving a request. */
export function requestLogFields(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}
