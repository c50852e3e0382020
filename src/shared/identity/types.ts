import type { DateFormat, Language, Timezone } from './constants';

// The identity API's shapes, as the server sends and keeps them.

/** An admin's settings (SPEC §9). */
export interface Settings {
  profile: { name: string; email: string; phone: string };
  notifications: { emailNotifications: boolean; orderUpdates: boolean; newCustomers: boolean; productUpdates: boolean };
  language: Language;
  timezone: Timezone;
  dateFormat: DateFormat;
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
