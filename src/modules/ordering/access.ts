import { createHash, randomBytes } from 'node:crypto';
import type { Sealer } from '../../platform/crypto/sealed';

// The shopper's private order link (docs/product.md#order-page): whoever holds the token sees the
// order and its activation details, so it is unguessable (256 random bits) and never stored in
// clear. The orders read model finds an order by the token's SHA-256 (a hash of a random token
// needs no salt or slow function: there is nothing to guess); the token itself is kept sealed
// (docs/security.md#encryption-at-rest) so an administrator can copy the link again.

const TOKEN_BYTES = 32;
/** The token as it appears in a link: 32 bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the order's events keep of its link: the token's hash and the token sealed. */
export interface OrderAccess {
  hash: string;
  sealed: string;
}

export const accessTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token, and what the order keeps of it. */
export function mintAccessToken(sealer: Pick<Sealer, 'seal'>): { token: string; access: OrderAccess } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, access: { hash: accessTokenHash(token), sealed: sealer.seal(token) } };
}

/** Whether `text` could be a token at all: anything else is not looked up. */
export const isAccessTokenShaped = (text: string): boolean => TOKEN_SHAPE.test(text);
