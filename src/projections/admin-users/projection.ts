import { sql, type Kysely } from 'kysely';
import {
  IDENTITY_EVENT_TYPES,
  SESSION_EVENT_TYPES,
  upcastIdentityEvent,
  type IdentityEvent,
  type SessionEvent,
} from '../../modules/identity/events';
import type { StoredEvent } from '../../platform/eventstore/port';
import { RowFolder, writeInOrder } from '../../platform/projections/fold';
import type { Projection } from '../../platform/projections/projection';
import type { Realtime } from '../../platform/realtime/realtime';
import { sqlTypes } from '../../platform/projections/columns';
import { defaultSettings } from '../../shared/identity';
import { listAdminUsers } from './queries';
import {
  ADMIN_USER_COLUMNS,
  REVOKED_TOKEN_COLUMNS,
  type AdminUserRow,
  type AdminUsersTables,
  type RevokedTokenRow,
} from './rows';

// Admin users as the back office lists them, and what their tokens are checked against (their
// credentials, their session version, the tokens signed out). After each batch every instance
// checks its admins' tokens again, and admins' sockets get the new list when a user changed.

export const ADMIN_USERS_PROJECTION = 'admin-users';

const SQL_TYPES = sqlTypes(ADMIN_USER_COLUMNS);
const REVOKED_SQL_TYPES = sqlTypes(REVOKED_TOKEN_COLUMNS);
const USER_EVENT_TYPES: ReadonlySet<string> = new Set(IDENTITY_EVENT_TYPES);
/** Signed-out tokens past their expiry: refused anyway, so no longer kept. */
const dropExpired = sql`DELETE FROM admin_revoked_tokens WHERE expires_at <= now()`;

export function adminUsersProjection(deps: { db: Kysely<AdminUsersTables>; realtime?: Realtime }): Projection {
  return {
    name: ADMIN_USERS_PROJECTION,
    tables: ['admin_users', 'admin_revoked_tokens'],
    handles: new Set([...IDENTITY_EVENT_TYPES, ...SESSION_EVENT_TYPES]),
    fold(events) {
      const rows = new RowFolder<AdminUserRow>('admin_users', 'id', SQL_TYPES);
      const revoked = new RowFolder<RevokedTokenRow>('admin_revoked_tokens', 'token_id', REVOKED_SQL_TYPES);
      // The runner hands this projection only the types it handles.
      for (const event of events as (StoredEvent & (IdentityEvent | SessionEvent))[]) {
        if (USER_EVENT_TYPES.has(event.type))
          fold(rows, upcastIdentityEvent(event as IdentityEvent), Number(event.revision));
        else foldSession(rows, revoked, event as SessionEvent);
      }
      return writeInOrder([rows.write(), revoked.write(), dropExpired]);
    },
    async afterCommit(events) {
      if (!deps.realtime) return;
      // On every instance, before the list goes out: the admins remembered for tokens are looked up
      // again (a new name shows at once), and the sockets of a deleted admin, of a password since
      // changed and of tokens signed out close.
      await deps.realtime.revalidateAdmins();
      if (events.some((event) => USER_EVENT_TYPES.has(event.type)))
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
        session_version: 0,
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

/** A sign-out changes no version of the user: it is on their sessions stream, not the user's. */
function foldSession(rows: RowFolder<AdminUserRow>, revoked: RowFolder<RevokedTokenRow>, event: SessionEvent): void {
  switch (event.type) {
    case 'AdminSignedOut': {
      const { userId, tokenId, expiresAt } = event.data;
      revoked.create(tokenId, { token_id: tokenId, user_id: userId, expires_at: expiresAt });
      return;
    }
    case 'AdminSignedOutEverywhere':
      rows.patch(event.data.userId, { session_version: event.data.sessionVersion });
      return;
  }
}
