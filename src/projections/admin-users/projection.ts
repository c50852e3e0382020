import type { Kysely } from 'kysely';
import { IDENTITY_EVENT_TYPES, upcastIdentityEvent, type IdentityEvent } from '../../modules/identity/events';
import type { StoredEvent } from '../../platform/eventstore/port';
import { RowFolder } from '../../platform/projections/fold';
import type { Projection } from '../../platform/projections/projection';
import type { Realtime } from '../../platform/realtime/realtime';
import { sqlTypes } from '../../platform/projections/columns';
import { defaultSettings } from '../../shared/identity';
import { listAdminUsers } from './queries';
import { ADMIN_USER_COLUMNS, type AdminUserRow, type AdminUsersTables } from './rows';

// Admin users as the back office lists them. After each batch, admins' sockets get the new list.

export const ADMIN_USERS_PROJECTION = 'admin-users';

const SQL_TYPES = sqlTypes(ADMIN_USER_COLUMNS);

export function adminUsersProjection(deps: { db: Kysely<AdminUsersTables>; realtime?: Realtime }): Projection {
  return {
    name: ADMIN_USERS_PROJECTION,
    tables: ['admin_users'],
    handles: new Set(IDENTITY_EVENT_TYPES),
    fold(events) {
      const rows = new RowFolder<AdminUserRow>('admin_users', 'id', SQL_TYPES);
      // The runner hands this projection only the types it handles.
      for (const event of events as (StoredEvent & IdentityEvent)[])
        fold(rows, upcastIdentityEvent(event), Number(event.revision));
      return rows.write();
    },
    async afterCommit() {
      if (!deps.realtime) return;
      // On every instance, before the list goes out: the admins remembered for tokens are looked up
      // again (a new name shows at once), and a deleted admin's sockets, and those opened with a
      // password since changed, close.
      await deps.realtime.revalidateAdmins();
      deps.realtime.broadcast('admins', 'usersUpdate', { users: await listAdminUsers(deps.db) });
    },
  };
}

function fold(rows: RowFolder<AdminUserRow>, event: IdentityEvent, version: number): void {
  switch (event.type) {
    case 'AdminUserCreated': {
      const { userId, username, name, role, passwordHash, at } = event.data;
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
        language_chosen: false,
        created_at: at,
        updated_at: at,
        version,
      });
      return;
    }
    case 'AdminUserUpdated': {
      const { userId, username, name, role, at } = event.data;
      rows.patch(userId, { username, name, role, updated_at: at, version });
      return;
    }
    case 'AdminPasswordChanged':
      rows.patch(event.data.userId, { password_hash: event.data.passwordHash, updated_at: event.data.at, version });
      return;
    case 'AdminSettingsChanged': {
      const { userId, settings, languageChosen, at } = event.data;
      rows.patch(userId, {
        name: settings.profile.name,
        email: settings.profile.email,
        phone: settings.profile.phone,
        notifications: settings.notifications,
        language: settings.language,
        timezone: settings.timezone,
        date_format: settings.dateFormat,
        language_chosen: languageChosen,
        updated_at: at,
        version,
      });
      return;
    }
    case 'AdminUserDeleted':
      rows.remove(event.data.userId);
      return;
  }
}
