import { z } from 'zod';
import { coded, type Coded } from '../errors/coded';
import { text } from '../text/schemas';
import {
  ADMIN_ROLES,
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_TIMEZONE,
  EMAIL_PATTERN,
  LANGUAGES,
  PASSWORD_MIN,
  PROFILE_LIMITS,
  TIMEZONES,
  messages,
} from './constants';
import type { Settings } from './types';

// The identity bodies the server accepts.

/** A text field that must not be blank. */
const requiredText = (field: string, max: number) => text({ field, max, required: messages.requiredFields });
/** Kept as typed: any character but NUL and broken text (see shared/text). */
const password = (field: string, max: number, blank: Coded) => text({ field, max, verbatim: true, required: blank });

export const loginSchema = z.object({
  username: text({ field: 'Username', max: 100, required: messages.loginBlank }),
  password: password('Password', 1000, messages.loginBlank),
});

/**
 * `POST /api/auth/logout`: this token, or with `everywhere` every token of the admin. Nothing else:
 * a body meant for another route ends no session.
 */
export const logoutSchema = z.strictObject(
  { everywhere: z.boolean({ error: coded('auth.logout_everywhere') }).default(false) },
  { error: coded('auth.logout_body') },
);

const role = z.enum(ADMIN_ROLES, { error: messages.roleInvalid }).default('admin');

export const createUserSchema = z.object({
  username: requiredText('Username', 50),
  password: password('Password', 200, messages.requiredFields).min(PASSWORD_MIN, messages.passwordTooShort),
  name: requiredText('Name', 100),
  role,
});

/** On edit an empty password keeps the current one. */
export const updateUserSchema = z.object({
  username: requiredText('Username', 50),
  password: text({ field: 'Password', max: 200, verbatim: true })
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN, messages.passwordTooShort),
  name: requiredText('Name', 100),
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
    name: text({ field: 'Full name', max: PROFILE_LIMITS.name, required: messages.fullNameRequired }),
    email: text({ field: 'Email', max: PROFILE_LIMITS.email })
      .pipe(z.union([z.literal(''), z.email({ pattern: EMAIL_PATTERN, error: messages.emailInvalid })]))
      .default(''),
    phone: text({ field: 'Phone', max: PROFILE_LIMITS.phone }).default(''),
  }),
  notifications: notificationsSchema,
  language: z.enum(LANGUAGES, { error: coded('settings.language', { allowed: LANGUAGES.join(', ') }) }),
  timezone: z.enum(TIMEZONES, { error: coded('settings.timezone', { allowed: TIMEZONES.join(', ') }) }),
  dateFormat: z.enum(DATE_FORMATS, { error: coded('settings.date_format', { allowed: DATE_FORMATS.join(', ') }) }),
}) satisfies z.ZodType<Settings, unknown>;

/**
 * `PUT /api/admin/settings`: the settings, and `languageChosen` when they are saved from where the
 * display language is chosen (Language & Region), so that language becomes the admin's even when
 * it is the one already kept. Any other save keeps the language as it was chosen, or not.
 */
export const settingsSaveSchema = settingsSchema.extend({ languageChosen: z.boolean().default(false) });

/** `PUT /api/admin/settings/language`: the header's language menu. */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: coded('settings.language', { allowed: LANGUAGES.join(', ') }) }),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: password('Current password', 1000, messages.requiredFields),
    newPassword: password('New password', 200, messages.requiredFields).min(PASSWORD_MIN, messages.passwordTooShort),
    confirmPassword: text({
      field: 'Password confirmation',
      max: 200,
      verbatim: true,
      notText: messages.requiredFields,
    }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: messages.passwordsDiffer, path: ['confirmPassword'] })
  // The API's description shows it (a generated one could not know the two new ones must match).
  .meta({
    examples: [
      { currentPassword: 'the current one', newPassword: 'a new passphrase', confirmPassword: 'a new passphrase' },
    ],
  });

/** The defaults (docs/product.md#settings): language ar, Africa/Algiers, DD/MM/YYYY, every notification on except productUpdates. */
export const defaultSettings = (name: string): Settings => ({
  profile: { name, email: '', phone: '' },
  notifications: { ...DEFAULT_NOTIFICATIONS },
  language: DEFAULT_LANGUAGE,
  timezone: DEFAULT_TIMEZONE,
  dateFormat: DEFAULT_DATE_FORMAT,
});
