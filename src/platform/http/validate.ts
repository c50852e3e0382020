import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { notFound, validationError } from './errors';
import { coded } from '../../shared/errors';

/** Parses request input with a shared zod schema; bad input becomes a 400 with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A control character, percent-encoded, in a request's path (Node refuses raw ones). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * A path's segments are ids, slugs and file names, which never hold a control character; one
 * that reached a query answered 500 (PostgreSQL refuses NUL). Such a path names nothing: 404,
 * before any route reads it. (A path that is not UTF-8, a lone surrogate's bytes, is Express's
 * 400 when it decodes the parameter.)
 */
export const refuseControlCharactersInPath: RequestHandler = (req, _res, next) => {
  next(ENCODED_CONTROL.test(req.path) ? notFound(coded('request.control_character')) : undefined);
};
