import { sql, type Kysely } from 'kysely';
import { RuleError } from '../../platform/rule-error';

// Sign-in throttling, shared by every instance through PostgreSQL. More than 5 failures from one
// address in 15 minutes locks that address out. A username is locked out only after many more
// failures from everywhere, so an attacker cannot lock the real admin out from elsewhere.

const WINDOW_MS = 15 * 60_000;
const PER_ADDRESS = 5;
const PER_USERNAME = 50;

export class TooManyAttempts extends RuleError {}

export async function assertLoginAllowed(db: Kysely<any>, username: string, address: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const { rows } = await sql<{ by_address: number; by_username: number; oldest: Date | null }>`
    SELECT
      count(*) FILTER (WHERE address = ${address})::int AS by_address,
      count(*) FILTER (WHERE username = ${username.toLowerCase()})::int AS by_username,
      min(failed_at) FILTER (WHERE address = ${address} OR username = ${username.toLowerCase()}) AS oldest
    FROM login_failures
    WHERE failed_at > ${since} AND (address = ${address} OR username = ${username.toLowerCase()})`.execute(db);
  const counts = rows[0];
  if (!counts || (counts.by_address <= PER_ADDRESS && counts.by_username <= PER_USERNAME)) return;
  const retryAt = (counts.oldest ? new Date(counts.oldest).getTime() : Date.now()) + WINDOW_MS;
  const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
  throw new TooManyAttempts(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfterSeconds: minutes * 60,
  });
}

export async function recordLoginFailure(db: Kysely<any>, username: string, address: string): Promise<void> {
  await db.insertInto('login_failures').values({ username: username.toLowerCase(), address }).execute();
  // Old rows serve no purpose; trimming here keeps the table small without a job.
  await db.deleteFrom('login_failures').where('failed_at', '<', new Date(Date.now() - WINDOW_MS)).execute();
}
