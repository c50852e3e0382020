import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AdminPrincipal, TokenClaims } from '../../platform/http/auth';
import type { AdminUserRow } from '../../projections/admin-users';
import { toView } from '../../projections/admin-users';
import type { AdminUserView, Settings } from '../../shared/identity';

// Reads of the admin-users read model that the identity module (and the auth check) need.

/** Changes whenever the password does, so tokens issued before a change stop working. */
export function credentialsVersion(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

export async function findAdminPrincipal(db: Kysely<any>, claims: TokenClaims): Promise<AdminPrincipal | null> {
  if (typeof claims.sub !== 'string' || typeof claims.cv !== 'string') return null;
  const row = await db.selectFrom('admin_users').select(['id', 'username', 'name', 'role', 'password_hash']).where('id', '=', claims.sub).executeTakeFirst();
  if (!row || credentialsVersion(row.password_hash) !== claims.cv) return null;
  return { id: row.id, username: row.username, name: row.name, role: row.role };
}

/** The read model's table, typed. */
const typed = (db: Kysely<any>) => db as Kysely<{ admin_users: AdminUserRow }>;

export async function findUserByUsername(db: Kysely<any>, username: string): Promise<AdminUserRow | undefined> {
  return typed(db)
    .selectFrom('admin_users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUser(db: Kysely<any>, id: string): Promise<AdminUserRow | undefined> {
  return typed(db).selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserView(db: Kysely<any>, id: string): Promise<AdminUserView | undefined> {
  const row = await findUser(db, id);
  return row && toView(row);
}

export async function countAdmins(db: Kysely<any>): Promise<number> {
  const row = await db.selectFrom('admin_users').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function settingsOf(row: AdminUserRow): Settings {
  return {
    profile: { name: row.name, email: row.email, phone: row.phone },
    notifications: row.notifications,
    language: row.language as Settings['language'],
    timezone: row.timezone as Settings['timezone'],
    dateFormat: row.date_format as Settings['dateFormat'],
  };
}
