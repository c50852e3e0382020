import type { Logger } from 'pino';
import { INTERNAL_ERROR, errorBody } from './http/errors';
import { currentRequest, currentSocketMessage } from './observability/request-context';

// What an error thrown outside every handler's own error path (in a timer, an event listener, a
// promise nobody awaits) was working for. Node runs the process's uncaughtException and
// unhandledRejection handlers in the async context of the failing callback, so the request or
// socket message that scheduled it is known there (request-context's inRequestScope and
// inSocketMessage).

/** The log fields naming what a failure was working for, if anything. */
function failureContext(): Record<string, unknown> {
  const message = currentSocketMessage();
  if (message) return { socketId: message.socketId, event: message.event };
  const request = currentRequest();
  return request ? { requestId: request.requestId, method: request.req.method, url: request.req.url } : {};
}

/**
 * For process.on('uncaughtException' | 'unhandledRejection'): logs the error with its context and,
 * when it broke an HTTP request that has not been answered, answers that one request 500 (or
 * cuts a half-sent answer, so its client is not left waiting).
 */
export function reportUncaught(logger: Pick<Logger, 'error'>, kind: string): (error: unknown) => void {
  return (error) => {
    logger.error({ err: error, ...failureContext() }, `${kind}; the store keeps serving`);
    const res = currentRequest()?.res;
    if (!res || res.writableEnded) return;
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify(errorBody(500, INTERNAL_ERROR));
    res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
  };
}
