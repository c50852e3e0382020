import type { DateFormat, Language, Timezone } from './constants';

// The identity API's shapes, as the server sends and keeps them.

/** An admin's settings (docs/product.md#settings). */
export interface Settings {
  profile: { name: string; email: string; phone: string };
  notifications: { emailNotifications: boolean; orderUpdates: boolean; newCustomers: boolean; productUpdates: boolean };
  language: Language;
  timezone: Timezone;
  dateFormat: DateFormat;
}

/** `GET /api/admin/settings`: the signed-in admin's settings, with their version (also the ETag). */
export interface SettingsAnswer {
  settings: Settings;
  /**
   * Whether the admin has chosen their display language (on the Language & Region tab or in the
   * header's menu). Until then the back office is in English, whatever
   * `settings.language` says (its default is ar; docs/product.md#settings).
   */
  languageChosen: boolean;
  /** The revision of the admin's stream; sent back in If-Match. */
  version: number;
}

/** `PUT /api/admin/settings` and `PUT /api/admin/settings/language`. */
export interface SettingsSaved extends SettingsAnswer {
  message: string;
}

/** `PUT /api/admin/settings/password`: a new token, since older ones stop working with the old password. */
export interface PasswordChanged {
  message: string;
  token: string;
  expiresAt: string;
}

/** An admin user as the API returns it (never the password). */
export interface AdminUserView {
  id: string;
  username: string;
  name: string;
  role: string;
  created_at: string;
  /** The revision of the user's stream; sent as the ETag, sent back in If-Match. */
  version: number;
}
