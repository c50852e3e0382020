import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { StaleVersionError } from '../eventstore/command-handler';
import { ConcurrencyError } from '../eventstore/port';
import { RuleError } from '../rule-error';

/** An error whose message is meant for the user; the UI shows `message` as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);

/** Field errors of a zod failure, keyed by dotted path; the first one becomes the message. */
export function validationError(error: ZodError): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return badRequest(error.issues[0]?.message ?? 'Invalid request', { errors });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof RuleError) return new HttpError(error.status, error.message, error.details);
  if (error instanceof ConcurrencyError) {
    return conflict('This item was changed by someone else. Reload it and try again.');
  }
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.too.large') return new HttpError(413, 'Request body is too large');
  if (parserError?.type === 'entity.parse.failed') return badRequest('Request body is not valid JSON');
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    return new HttpError(parserError.status, (error as Error).message || 'Bad request');
  }
  return undefined;
}

/** How long a client is asked to wait before trying again while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_MESSAGE = 'The store is unavailable for a moment. Please try again in a few seconds.';

/** SQLSTATE classes and codes meaning "the database cannot serve now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]|53300)/;
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_POOL_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|connect ETIMEDOUT)/;

/**
 * Whether an error means the database (or the network to it) is down: node-postgres reports this as
 * SQLSTATE 08xxx/57P0x, socket error codes or its own "Connection terminated…" messages.
 */
export function isUnavailableError(error: unknown): boolean {
  const { code, message, errors } = (error ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NETWORK_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_POOL_MESSAGE.test(message)) return true;
  // An AggregateError (a host with several addresses) is unavailable when every attempt was.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isUnavailableError);
}

/** What a 500 says: the details go to the log, never to the client. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Who an event's actor is, as an admin reads it: an admin's name, "the shopper", "the payment service"… */
export type ActorName = (actor: string) => Promise<string>;

/**
 * A stale If-Match: 409 saying who changed the item and when, with the version now current, so
 * the screen can offer to reload it. Every module's edits end here, so every screen says the same.
 */
async function staleVersionConflict(error: StaleVersionError, actorName: ActorName): Promise<HttpError> {
  const { revision, type, actor, occurredAt } = error.current;
  const changedBy = await actorName(actor);
  return conflict(
    `This item was changed by ${changedBy} at ${occurredAt} (${type}), after you opened it. Reload it and try again.`,
    {
      version: Number(revision),
      changedBy,
      changedAt: occurredAt,
      change: type,
    },
  );
}

/** The one place errors become HTTP answers: JSON with `message` and `status`, never a stack trace. */
export function errorHandler(
  logger: Pick<Logger, 'error'>,
  actorName: ActorName = async (actor) => actor,
): ErrorRequestHandler {
  return async (error, req, res, _next) => {
    const known =
      error instanceof StaleVersionError
        ? await staleVersionConflict(error, actorName).catch(() => toHttpError(error))
        : toHttpError(error);
    const unavailable = !known && isUnavailableError(error);
    if (unavailable) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'database unavailable');
    else if (!known) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    const status = known?.status ?? (unavailable ? 503 : 500);
    const message = known?.message ?? (unavailable ? UNAVAILABLE_MESSAGE : INTERNAL_ERROR_MESSAGE);
    if (res.headersSent) return;
    if (unavailable) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    res.status(status).json({ message, status, ...(known?.details ?? {}) });
  };
}
