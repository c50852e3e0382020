import type { Request } from 'express';
import { badRequest } from './errors';
import { coded } from '../../shared/errors';

// An item's version travels as its ETag: the revision of its stream ("3"). An admin's PUT or
// DELETE sends it back in If-Match; the command then insists on that revision (409 when stale).

export const versionTag = (revision: bigint | number): string => `"${revision}"`;

/** The revision named by If-Match; undefined when absent or `*` (any version). */
export function ifMatchRevision(req: Request): bigint | undefined {
  const header = req.get('if-match')?.trim();
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,18})"?$/.exec(header);
  if (!match) throw badRequest(coded('request.if_match'));
  return BigInt(match[1]!);
}
