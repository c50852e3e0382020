/**
 * How long the admin a token names is taken as found without asking the read model again. Every
 * change to an admin account (a password, a deletion, a sign-out) calls forget() on every instance first
 * (Realtime's revalidation), so this bound only matters if that message is lost between instances.
 */
export const PRINCIPAL_CACHE_MS = 5_000;
/** Admins' tokens in use are a handful; this only bounds what many sign-ins could fill. */
const MAX_ENTRIES = 1_000;

/** A token's claims as far as this cache reads them (auth.ts's TokenClaims). */
interface Claims {
  sub: unknown;
  cv: unknown;
  sv: unknown;
  jti: unknown;
}

/**
 * The admin behind a token's claims, remembered for a few seconds: checking the token's admin
 * was a second query on every admin request, as costly as the one the request was for (bench/admin).
 * Only admins found are remembered; a refused token is looked up again each time.
 */
export class PrincipalCache<C extends Claims, Principal extends object> {
  readonly #find: (claims: C) => Promise<Principal | null>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { principal: Principal; until: number }>();
  /** Bumped by forget(): a lookup that started before it is not remembered after it. */
  #generation = 0;

  constructor(
    find: (claims: C) => Promise<Principal | null>,
    ttlMs = PRINCIPAL_CACHE_MS,
    now: () => number = Date.now,
  ) {
    this.#find = find;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Not an async function: a remembered admin, the case of nearly every admin request, costs one promise. */
  find(claims: C): Promise<Principal | null> {
    const { sub, cv, sv, jti } = claims;
    if (typeof sub !== 'string' || typeof cv !== 'string' || typeof sv !== 'number' || typeof jti !== 'string')
      return this.#find(claims);
    // One entry per token: a token signed out is refused while its admin's others stand.
    const key = `${sub} ${cv} ${sv} ${jti}`;
    const known = this.#entries.get(key);
    return known && known.until > this.#now() ? Promise.resolve(known.principal) : this.#lookUp(claims, key);
  }

  async #lookUp(claims: C, key: string): Promise<Principal | null> {
    const generation = this.#generation;
    const principal = await this.#find(claims);
    if (!principal || generation !== this.#generation) {
      this.#entries.delete(key);
      return principal;
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, { principal: Object.freeze(principal), until: this.#now() + this.#ttlMs });
    return principal;
  }

  /** Admin accounts changed: every token is checked against the read model again. */
  forget(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
