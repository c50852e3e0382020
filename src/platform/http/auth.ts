import { createSecretKey, randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { durationToMs } from '../../config';
import { unauthorized } from './errors';
import { PrincipalCache } from './principal-cache';

/** The signed-in administrator a request or socket acts for. */
export interface AdminPrincipal {
  id: string;
  username: string;
  name: string;
  role: string;
}

export interface TokenClaims {
  sub: string;
  /** Version of the credentials the token was issued for: changes when the password does. */
  cv: string;
  /** The admin's session version when it was issued: "sign out everywhere" raises it. */
  sv: number;
  /** The token's own id, which signing out refuses from then on. */
  jti: string;
}

/** What a token stands for besides its admin: its id and when it expires (what signing out records). */
export interface AdminToken {
  id: string;
  expiresAt: Date;
}

/** What a token is issued for: the admin's credentials and session versions now. */
export interface SessionVersions {
  credentialsVersion: string;
  sessionVersion: number;
}

export interface AdminAuthOptions {
  secret: string;
  expiresIn: string;
  /** The admin behind valid claims, or null when deleted, their credentials changed or the token was signed out since. */
  findPrincipal(claims: TokenClaims): Promise<AdminPrincipal | null>;
}

export interface AdminAuth {
  issue(principal: AdminPrincipal, versions: SessionVersions): { token: string; expiresAt: string };
  /**
   * The admin a raw token stands for and when the token expires, or null (bad signature, other
   * algorithm, expired, revoked).
   */
  verify(token: string): Promise<(AdminPrincipal & { expiresAt: Date }) | null>;
  /** The admin an Authorization header's bearer token stands for, or null (none, malformed, or as verify). */
  principalOf(authorization: string | undefined): Promise<AdminPrincipal | null>;
  /** Express middleware: 401 unless a valid bearer token; sets `req.admin` and `req.adminToken`. */
  requireAdmin: RequestHandler;
  /** Admin accounts changed (a password, a deletion, a sign-out): tokens are checked against them again. */
  forgetPrincipals(): void;
}

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminPrincipal;
    adminToken?: AdminToken;
  }
}

const ALGORITHM = 'HS256';
/** Tokens whose signature was checked, remembered until they expire; bounds what many sign-ins could fill. */
const MAX_VERIFIED_TOKENS = 1_000;
const BEARER = /^Bearer +(\S+)$/i;

type VerifiedClaims = TokenClaims & { exp: number };

export function createAdminAuth(options: AdminAuthOptions): AdminAuth {
  // Made once: handed a string, jsonwebtoken tries to read it as a PEM public key on every verify
  // (createPublicKey, which throws), a quarter of the CPU an admin request took (bench/admin).
  const key = createSecretKey(Buffer.from(options.secret));
  const principals = new PrincipalCache(options.findPrincipal);
  const strategy = new JwtStrategy(
    {
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // Passed to jsonwebtoken as is; passport-jwt's types know only strings and Buffers.
      secretOrKey: key as unknown as Buffer,
      // Only our own algorithm: rejects `alg: none` and tokens signed for another scheme.
      algorithms: [ALGORITHM],
    },
    (claims: TokenClaims & { exp?: unknown }, done: (error: unknown, user?: AdminPrincipal | false) => void) => {
      // Every token issue() makes expires; one that never does is not ours (as in verify()).
      if (typeof claims.exp !== 'number') return done(null, false);
      principals.find(claims).then((principal) => done(null, principal ?? false), done);
    },
  );
  const authenticator = new passport.Passport();
  authenticator.use('admin-jwt', strategy);

  const requireAdmin: RequestHandler = (req, res, next) => {
    authenticator.authenticate('admin-jwt', { session: false }, (error: unknown, principal: AdminPrincipal | false) => {
      if (error) return next(error);
      // Checked just now, so its claims are remembered.
      const claims = principal && claimsOf(BEARER.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!principal || !claims) return next(unauthorized());
      req.admin = principal;
      req.adminToken = { id: claims.jti, expiresAt: new Date(claims.exp * 1000) };
      next();
    })(req, res, next);
  };

  // A token's signature is checked once (an HMAC, decoding, and jsonwebtoken's checks: most of
  // what an admin read cost besides its SQL). Its expiry is checked at every use, and whether its
  // admin and credentials still stand by the principal cache.
  const verified = new Map<string, VerifiedClaims>();
  const claimsOf = (token: string): VerifiedClaims | null => {
    const known = verified.get(token);
    if (known) return Math.floor(Date.now() / 1000) < known.exp ? known : null;
    let claims: TokenClaims & { exp?: unknown };
    try {
      claims = jwt.verify(token, key, { algorithms: [ALGORITHM] }) as TokenClaims & { exp?: unknown };
    } catch {
      return null;
    }
    // Every token issue() makes expires; one that never does is not ours.
    if (typeof claims.exp !== 'number') return null;
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
    verified.set(token, claims as VerifiedClaims);
    return claims as VerifiedClaims;
  };
  const verify = async (token: string) => {
    const claims = claimsOf(token);
    const principal = claims && (await principals.find(claims));
    return principal ? { ...principal, expiresAt: new Date(claims.exp * 1000) } : null;
  };

  return {
    issue(principal, { credentialsVersion, sessionVersion }) {
      const expiresInSeconds = Math.floor(durationToMs(options.expiresIn) / 1000);
      const claims: TokenClaims = { sub: principal.id, cv: credentialsVersion, sv: sessionVersion, jti: randomUUID() };
      const token = jwt.sign(claims, key, { algorithm: ALGORITHM, expiresIn: expiresInSeconds });
      return { token, expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString() };
    },
    verify,
    // Not an async function, and without verify's copy of the admin: every admin fast read asks
    // this, and once the request scope (AsyncLocalStorage) is on, each promise costs its hooks.
    principalOf(authorization) {
      const token = authorization && BEARER.exec(authorization)?.[1];
      const claims = token && claimsOf(token);
      return claims ? principals.find(claims) : Promise.resolve(null);
    },
    requireAdmin,
    forgetPrincipals: () => principals.forget(),
  };
}
