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

export const messages = {
  loginBlank: 'Please enter both username and password',
  loginInvalid: 'Invalid username or password',
  requiredFields: 'Please fill in all required fields',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  roleInvalid: 'Role must be admin',
  usernameTaken: 'Username already exists',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'The last administrator cannot be deleted',
  userNotFound: 'User not found',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDiffer: 'New password and confirmation do not match',
} as const;
