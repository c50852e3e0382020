import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SHOPPER, SYSTEM, type Actor } from '../../platform/eventstore/port';
import type { AdminPrincipal, TokenClaims } from '../../platform/http/auth';
import type { AdminUserView, Settings } from '../../shared/identity';
import type { AdminUserRow, AdminUsersTables } from './rows';

// Every read of the admin-users read model: the sign-in, the token check, the back office's lists.

type Db = Kysely<AdminUsersTables>;

/** Changes whenever the password does, so tokens issued before a change stop working. */
export function credentialsVersion(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/**
 * The admin a token names, while their password is the one it was issued with, no sign-out
 * everywhere came after it, and it was not signed out itself.
 */
export async function findAdminPrincipal(db: Db, claims: TokenClaims): Promise<AdminPrincipal | null> {
  const { sub, cv, sv, jti } = claims;
  if (typeof sub !== 'string' || typeof cv !== 'string' || typeof sv !== 'number' || typeof jti !== 'string')
    return null;
  const row = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'name', 'role', 'password_hash', 'session_version'])
    .select((eb) =>
      eb.exists(eb.selectFrom('admin_revoked_tokens').select('token_id').where('token_id', '=', jti)).as('revoked'),
    )
    .where('id', '=', sub)
    .executeTakeFirst();
  if (!row || row.revoked || row.session_version !== sv || credentialsVersion(row.password_hash) !== cv) return null;
  return { id: row.id, username: row.username, name: row.name, role: row.role };
}

export async function findUserByUsername(db: Db, username: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('admin_users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUser(db: Db, id: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserView(db: Db, id: string): Promise<AdminUserView | undefined> {
  const row = await findUser(db, id);
  return row && toView(row);
}

export async function listAdminUsers(db: Db): Promise<AdminUserView[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'name', 'role', 'created_at', 'version'])
    .orderBy('created_at')
    .execute();
  return rows.map(toView);
}

/** An admin's name as other admins know it, or undefined for an id that is no admin (any more). */
export async function adminName(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('admin_users').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

/** Who caused an event, as an admin is told it (a stale edit's 409, a live notification). */
export async function describeActor(db: Db, actor: Actor): Promise<string> {
  if (actor === SYSTEM) return 'the payment service or the store itself';
  if (actor === SHOPPER) return 'the shopper';
  return (await adminName(db, actor)) ?? 'an administrator who has since been deleted';
}

export function settingsOf(row: AdminUserRow): Settings {
  return {
    profile: { name: row.name, email: row.email, phone: row.phone },
    notifications: row.notifications,
    language: row.language,
    timezone: row.timezone,
    dateFormat: row.date_format,
  };
}

function toView(
  row: Pick<AdminUserRow, 'id' | 'username' | 'name' | 'role' | 'created_at' | 'version'>,
): AdminUserView {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    created_at: new Date(row.created_at).toISOString(),
    version: row.version,
  };
}
