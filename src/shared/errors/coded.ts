import { isErrorCode, type ErrorCode, type ErrorParams, type ErrorParamsArg } from './constants';

// An error as a code and its params, carried where only a string fits: a zod issue's message, a
// rule's message in the shared constants. The server reads it back at the edge (readCoded) and
// answers the code, its params and the English text; nothing shows the encoded string itself.

declare const CODED: unique symbol;
/** A code and its params, encoded in a string. */
export type Coded = string & { readonly [CODED]: true };

const PREFIX = 'err:';

export function coded<C extends ErrorCode>(code: C, ...[params]: ErrorParamsArg<C>): Coded {
  return `${PREFIX}${code}${params === undefined ? '' : ` ${JSON.stringify(params)}`}` as Coded;
}

export interface CodedError<C extends ErrorCode = ErrorCode> {
  code: C;
  params?: ErrorParams<C> | Record<string, unknown>;
}

/** A refusal a form finds before sending, as the server would answer it: its code and its message's values. */
export interface FieldProblem {
  code: ErrorCode;
  params?: Record<string, unknown>;
}

/** The code and params a string encodes, or undefined when it is not one coded() made. */
export function readCoded(text: string): CodedError | undefined {
  if (!text.startsWith(PREFIX)) return undefined;
  const space = text.indexOf(' ', PREFIX.length);
  const code = text.slice(PREFIX.length, space === -1 ? undefined : space);
  if (!isErrorCode(code)) return undefined;
  if (space === -1) return { code };
  const params: unknown = JSON.parse(text.slice(space + 1));
  return { code, params: params as Record<string, unknown> };
}
