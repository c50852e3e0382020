import { column, type RowOf } from '../../platform/projections/columns';
import type { Settings } from '../../shared/identity';

// The admin-users read model's tables (migrations 003, 009, 013 and 021), declared once: what the projection
// writes, what the queries read.

export const ADMIN_USER_COLUMNS = {
  id: column.text(),
  username: column.text(),
  name: column.text(),
  role: column.text(),
  password_hash: column.text(),
  email: column.text(),
  phone: column.text(),
  notifications: column.jsonb<Settings['notifications']>(),
  language: column.text<Settings['language']>(),
  timezone: column.text<Settings['timezone']>(),
  date_format: column.text<Settings['dateFormat']>(),
  /** Whether the admin has chosen their display language (migration 013; see AdminSettingsChanged). */
  language_chosen: column.boolean(),
  created_at: column.timestamptz(),
  updated_at: column.timestamptz(),
  /** The revision of the user's stream: the ETag of GET /api/admin/users/:id and what If-Match names. */
  version: column.integer(),
  /** What the admin's valid tokens carry (`sv`): "sign out everywhere" raises it (migration 021). */
  session_version: column.integer(),
};

/** Tokens signed out one by one (their `jti`), kept until they would have expired. */
export const REVOKED_TOKEN_COLUMNS = {
  token_id: column.text(),
  user_id: column.text(),
  expires_at: column.timestamptz(),
};

/** An admin user as the back office lists them, with the password hash the sign-in checks and their own settings. */
export type AdminUserRow = RowOf<typeof ADMIN_USER_COLUMNS>;

export type RevokedTokenRow = RowOf<typeof REVOKED_TOKEN_COLUMNS>;

export interface AdminUsersTables {
  admin_users: AdminUserRow;
  admin_revoked_tokens: RevokedTokenRow;
}
