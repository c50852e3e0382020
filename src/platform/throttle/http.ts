import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http/errors';
import { addressKey } from './address';
import type { Limiter } from './limiters';
import type { Coded } from '../../shared/errors';

/** The client's address as throttles count it: X-Forwarded-For counts only from TRUST_PROXY's proxies (req.ip). */
export const clientAddress = (req: Request): string => addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** A 429 that says when to come back: in the body (retryAfterSeconds) and in the Retry-After header. */
export function tooManyRequests(
  res: Response,
  retryAfterSeconds: number,
  message: Coded,
  details: Record<string, unknown> = {},
): HttpError {
  res.set('Retry-After', String(retryAfterSeconds));
  return new HttpError(429, message, { ...details, retryAfterSeconds });
}

/** Every request counts against the client's address; over the limit, 429 with message(seconds to wait). */
export function limitByAddress(limiter: Limiter, message: (seconds: number) => Coded): RequestHandler {
  return async (req, res, next) => {
    const waitMs = await limiter.take(clientAddress(req));
    if (!waitMs) return next();
    const seconds = Math.ceil(waitMs / 1000);
    next(tooManyRequests(res, seconds, message(seconds)));
  };
}
