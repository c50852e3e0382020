import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { coded, readCoded, type Coded, type CodedError } from '../../shared/errors';
import { englishText } from '../error-text';
import { StaleVersionError } from '../eventstore/command-handler';
import { ConcurrencyError } from '../eventstore/port';
import { RuleError } from '../rule-error';

/**
 * An error answered as it is: its status, its code and params (which the web app translates), and
 * its English text as `message` (docs/architecture.md#errors).
 */
export class HttpError extends Error {
  readonly code: CodedError['code'];
  readonly params: CodedError['params'];

  constructor(
    readonly status: number,
    message: Coded,
    readonly details: Record<string, unknown> = {},
  ) {
    const found = readCoded(message) ?? { code: 'request.invalid', params: { detail: message } };
    super(englishText(found));
    this.code = found.code;
    this.params = found.params;
    this.name = 'HttpError';
  }
}

export const badRequest = (message: Coded, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = () => new HttpError(401, coded('auth.required'));
export const forbidden = (message: Coded) => new HttpError(403, message);
export const notFound = (message: Coded) => new HttpError(404, message);
export const conflict = (message: Coded, details?: Record<string, unknown>) => new HttpError(409, message, details);
export const routeNotFound = (method: string, path: string) => notFound(coded('request.not_found', { method, path }));

/** A field's problem: its code and params, and the English text. */
interface FieldProblem extends CodedError {
  message: string;
}

function fieldProblem(message: string): FieldProblem {
  const found: CodedError = readCoded(message) ?? { code: 'request.invalid', params: { detail: message } };
  return { ...found, message: englishText(found) };
}

/**
 * A zod failure: each field's first problem, keyed by dotted path, as English text (`errors`) and
 * as a code with params (`fields`); the first one is the answer's own code and message.
 */
export function validationError(error: ZodError): HttpError {
  const fields: Record<string, FieldProblem> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= fieldProblem(issue.message);
  const first = Object.values(fields)[0] ?? fieldProblem('Invalid request');
  const errors = Object.fromEntries(Object.entries(fields).map(([key, problem]) => [key, problem.message]));
  const codes = Object.fromEntries(
    Object.entries(fields).map(([key, { code, params }]) => [key, params === undefined ? { code } : { code, params }]),
  );
  return badRequest(coded(first.code as never, first.params as never), { errors, fields: codes });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof RuleError)
    return new HttpError(error.status, coded(error.code as never, error.params as never), error.details);
  if (error instanceof ConcurrencyError) return conflict(coded('edit.concurrent'));
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.too.large') return new HttpError(413, coded('request.body_too_large'));
  if (parserError?.type === 'entity.parse.failed') return badRequest(coded('request.body_not_json'));
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    const detail = (error as Error).message || 'Bad request';
    return new HttpError(parserError.status, coded('request.invalid', { detail }));
  }
  return undefined;
}

/** How long a client is asked to wait before trying again while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

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
export const INTERNAL_ERROR: CodedError = { code: 'server.internal' };
const UNAVAILABLE: CodedError = { code: 'server.unavailable' };

/** Who an event's actor is, as an admin reads it: an admin's name, "the shopper", "the payment service"… */
export type ActorName = (actor: string) => Promise<string>;

/**
 * A stale If-Match: 409 saying who changed the item and when, with the version now current, so
 * the screen can offer to reload it. Every module's edits end here, so every screen says the same.
 */
async function staleVersionConflict(error: StaleVersionError, actorName: ActorName): Promise<HttpError> {
  const { revision, type, actor, occurredAt } = error.current;
  const changedBy = await actorName(actor);
  return conflict(coded('edit.stale', { changedBy, changedAt: occurredAt, change: type }), {
    version: Number(revision),
    changedBy,
    changedAt: occurredAt,
    change: type,
  });
}

/** An error answer's JSON: `code` and `params` for the web app to translate, `message` in English. */
export function errorBody(status: number, { code, params }: CodedError, details: Record<string, unknown> = {}) {
  return {
    ...details,
    status,
    code,
    ...(params === undefined ? {} : { params }),
    message: englishText({ code, params }),
  };
}

/** The one place errors become HTTP answers: JSON with `code`, `message` and `status`, never a stack trace. */
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
    if (res.headersSent) return;
    if (unavailable) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    const status = known?.status ?? (unavailable ? 503 : 500);
    res.status(status).json(errorBody(status, known ?? (unavailable ? UNAVAILABLE : INTERNAL_ERROR), known?.details));
  };
}
