import type { Kysely } from 'kysely';
import type { IdentityEvent, IdentityEventType } from '../modules/identity/events';
import type { StoredEvent } from '../platform/eventstore/port';
import { RowFolder } from '../platform/projections/fold';
import type { Projection } from '../platform/projections/projection';
import { defaultSettings, type AdminUserView, type Settings } from '../shared/identity';
import type { ProjectionDeps } from './index';

// Admin users as the back office lists them, with the password hash the login checks and each
// admin's own settings.

export interface AdminUserRow {
  id: string;
  username: string;
  name: string;
  role: string;
  password_hash: string;
  email: string;
  phone: string;
  notifications: Settings['notifications'];
  language: string;
  timezone: string;
  date_format: string;
  created_at: string;
  updated_at: string;
  /** The revision of the user's stream: the ETag of GET /api/admin/users/:id and what If-Match names. */
  version: number;
}

const COLUMNS = {
  id: 'text',
  username: 'text',
  name: 'text',
  role: 'text',
  password_hash: 'text',
  email: 'text',
  phone: 'text',
  notifications: 'jsonb',
  language: 'text',
  timezone: 'text',
  date_format: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  version: 'integer',
} as const;

const HANDLES: IdentityEventType[] = ['AdminUserCreated', 'AdminUserUpdated', 'AdminPasswordChanged', 'AdminSettingsChanged', 'AdminUserDeleted'];

export function adminUsersProjection(deps: ProjectionDeps): Projection {
  return {
    name: 'admin-users',
    tables: ['admin_users'],
    handles: new Set(HANDLES),
    fold(events) {
      const rows = new RowFolder<AdminUserRow>('admin_users', 'id', COLUMNS);
      for (const event of events as unknown as (IdentityEvent & StoredEvent)[]) fold(rows, event, Number(event.revision));
      return rows.write();
    },
    async afterCommit(events) {
      if (!deps.realtime) return;
      // A deleted admin's sockets, and those opened with a password since changed, close before
      // the list goes out (on every instance).
      if (events.some((e) => e.type === 'AdminUserDeleted' || e.type === 'AdminPasswordChanged')) await deps.realtime.revalidateAdmins();
      deps.realtime.broadcast('admins', 'usersUpdate', { users: await listAdminUsers(deps.db) });
    },
  };
}

function fold(rows: RowFolder<AdminUserRow>, event: IdentityEvent, version: number): void {
  switch (event.type) {
    case 'AdminUserCreated': {
      const { userId, username, name, role, passwordHash, createdAt } = event.data;
      const settings = defaultSettings(name);
      rows.create(userId, {
        id: userId,
        username,
        name,
        role,
        password_hash: passwordHash,
        email: settings.profile.email,
        phone: settings.profile.phone,
        notifications: settings.notifications,
        language: settings.language,
        timezone: settings.timezone,
        date_format: settings.dateFormat,
        created_at: createdAt,
        updated_at: createdAt,
        version,
      });
      return;
    }
    case 'AdminUserUpdated': {
      const { userId, username, name, role, updatedAt } = event.data;
      rows.patch(userId, { username, name, role, updated_at: updatedAt, version });
      return;
    }
    case 'AdminPasswordChanged':
      rows.patch(event.data.userId, { password_hash: event.data.passwordHash, updated_at: event.data.changedAt, version });
      return;
    case 'AdminSettingsChanged': {
      const { userId, settings, changedAt } = event.data;
      rows.patch(userId, {
        name: settings.profile.name,
        email: settings.profile.email,
        phone: settings.profile.phone,
        notifications: settings.notifications,
        language: settings.language,
        timezone: settings.timezone,
        date_format: settings.dateFormat,
        updated_at: changedAt,
        version,
      });
      return;
    }
    case 'AdminUserDeleted':
      rows.remove(event.data.userId);
      return;
  }
}

export async function listAdminUsers(db: Kysely<any>): Promise<AdminUserView[]> {
  const rows = await db.selectFrom('admin_users').select(['id', 'username', 'name', 'role', 'created_at', 'version']).orderBy('created_at').execute();
  return rows.map(toView);
}

export function toView(row: Pick<AdminUserRow, 'id' | 'username' | 'name' | 'role' | 'version'> & { created_at: unknown }): AdminUserView {
  return { id: row.id, username: row.username, name: row.name, role: row.role, created_at: new Date(row.created_at as string).toISOString(), version: row.version };
}
