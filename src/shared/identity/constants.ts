import { coded } from '../errors/coded';

// Rules and messages of the identity API (admin users, sign-in, settings), shared by the server
// and the web app.

export const ADMIN_ROLES = ['admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const LANGUAGES = ['ar', 'fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const TIMEZONES = ['Africa/Algiers', 'Europe/Paris', 'Europe/London', 'America/New_York'] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const PASSWORD_MIN = 8;
/** The settings defaults (docs/product.md#settings; the display language kept is ar, though the back office starts in English). */
export const DEFAULT_LANGUAGE: Language = 'ar';
export const DEFAULT_TIMEZONE: Timezone = 'Africa/Algiers';
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';
export const DEFAULT_NOTIFICATIONS = {
  emailNotifications: true,
  orderUpdates: true,
  newCustomers: true,
  productUpdates: false,
} as const;
/** The settings' profile fields: their longest values. */
export const PROFILE_LIMITS = { name: 100, email: 200, phone: 30 } as const;
/** What an e-mail address looks like (zod's own pattern, given to z.email() so the form checks the same). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const messages = {
  loginBlank: coded('auth.blank'),
  loginInvalid: coded('auth.invalid_credentials'),
  requiredFields: coded('users.required_fields'),
  passwordTooShort: coded('users.password_too_short', { min: PASSWORD_MIN }),
  roleInvalid: coded('users.role_invalid'),
  usernameTaken: coded('users.username_taken'),
  userExists: coded('users.exists'),
  cannotDeleteSelf: coded('users.cannot_delete_self'),
  lastAdmin: coded('users.last_admin'),
  notAnAdmin: coded('auth.not_an_admin'),
  ownPasswordInSettings: coded('users.own_password_in_settings'),
  userNotFound: coded('users.not_found'),
  currentPasswordWrong: coded('settings.current_password_wrong'),
  passwordsDiffer: coded('settings.passwords_differ'),
  fullNameRequired: coded('settings.full_name_required'),
  emailInvalid: coded('settings.email_invalid'),
} as const;

/** What makes a field of the settings forms wrong: each is the key of its message in `messages`. */
export type SettingsProblem =
  'requiredFields' | 'passwordTooShort' | 'passwordsDiffer' | 'fullNameRequired' | 'emailInvalid';

/** A profile field as the server keeps it: trimmed. */
const kept = (value: string) => value.trim();

/**
 * The profile's rules, zod-free so the Settings form checks what the server's settingsSchema
 * checks (which applies these same limits, pattern and messages): a full name, an e-mail left
 * blank or well formed. Lengths are the schema's maxima, which the form's inputs enforce.
 */
export function profileProblems(profile: { name: string; email: string }): {
  name?: SettingsProblem;
  email?: SettingsProblem;
} {
  const problems: { name?: SettingsProblem; email?: SettingsProblem } = {};
  if (!kept(profile.name)) problems.name = 'fullNameRequired';
  const email = kept(profile.email);
  if (email && !EMAIL_PATTERN.test(email)) problems.email = 'emailInvalid';
  return problems;
}

/** The password change's rules (passwordChangeSchema): all three given, the new one long enough and confirmed. */
export function passwordChangeProblems(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): {
  currentPassword?: SettingsProblem;
  newPassword?: SettingsProblem;
  confirmPassword?: SettingsProblem;
} {
  const problems: {
    currentPassword?: SettingsProblem;
    newPassword?: SettingsProblem;
    confirmPassword?: SettingsProblem;
  } = {};
  if (!input.currentPassword) problems.currentPassword = 'requiredFields';
  if (!input.newPassword) problems.newPassword = 'requiredFields';
  else if (input.newPassword.length < PASSWORD_MIN) problems.newPassword = 'passwordTooShort';
  if (input.newPassword !== input.confirmPassword) problems.confirmPassword = 'passwordsDiffer';
  return problems;
}
