import { z } from 'zod';

// Shapes and messages of the identity API, shared by the server and the web app.

export const ADMIN_ROLES = ['admin'] as const;
export const LANGUAGES = ['ar', 'fr', 'en'] as const;
export const TIMEZONES = ['Africa/Algiers', 'Europe/Paris', 'Europe/London', 'America/New_York'] as const;
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
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

const text = (max: number, missing: string = messages.requiredFields) => z.string({ error: missing }).trim().max(max, `At most ${max} characters`);
/** A text field that must not be blank. */
const requiredText = (max: number) => text(max).pipe(z.string().min(1, messages.requiredFields));

export const loginSchema = z.object({
  username: z.string({ error: messages.loginBlank }).trim().min(1, messages.loginBlank).max(100),
  password: z.string({ error: messages.loginBlank }).min(1, messages.loginBlank).max(1000),
});

const role = z.enum(ADMIN_ROLES, { error: messages.roleInvalid }).default('admin');

export const createUserSchema = z.object({
  username: requiredText(50),
  password: z.string({ error: messages.requiredFields }).min(1, messages.requiredFields).min(PASSWORD_MIN, messages.passwordTooShort).max(200),
  name: requiredText(100),
  role,
});

/** On edit an empty password keeps the current one. */
export const updateUserSchema = z.object({
  username: requiredText(50),
  password: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN, messages.passwordTooShort),
  name: requiredText(100),
  role,
});

export const notificationsSchema = z.object({
  emailNotifications: z.boolean(),
  orderUpdates: z.boolean(),
  newCustomers: z.boolean(),
  productUpdates: z.boolean(),
});

export const settingsSchema = z.object({
  profile: z.object({
    name: text(100, 'Full name is required').pipe(z.string().min(1, 'Full name is required')),
    email: z.union([z.literal(''), z.string().trim().email('Enter a valid email address')]).default(''),
    phone: text(30).default(''),
  }),
  notifications: notificationsSchema,
  language: z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` }),
  timezone: z.enum(TIMEZONES, { error: `Timezone must be one of ${TIMEZONES.join(', ')}` }),
  dateFormat: z.enum(DATE_FORMATS, { error: `Date format must be one of ${DATE_FORMATS.join(', ')}` }),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: messages.requiredFields }).min(1, messages.requiredFields).max(1000),
    newPassword: z.string({ error: messages.requiredFields }).min(PASSWORD_MIN, messages.passwordTooShort).max(200),
    confirmPassword: z.string({ error: messages.requiredFields }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: messages.passwordsDiffer, path: ['confirmPassword'] });

export type LoginInput = z.infer<typeof loginSchema>;
export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export type Settings = z.infer<typeof settingsSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** SPEC §9: language ar, Africa/Algiers, DD/MM/YYYY, every notification on except productUpdates. */
export const defaultSettings = (name: string): Settings => ({
  profile: { name, email: '', phone: '' },
  notifications: { emailNotifications: true, orderUpdates: true, newCustomers: true, productUpdates: false },
  language: 'ar',
  timezone: 'Africa/Algiers',
  dateFormat: 'DD/MM/YYYY',
});

/** An admin user as the API returns it (never the password). */
export interface AdminUserView {
  id: string;
  username: string;
  name: string;
  role: string;
  created_at: string;
}
