import { messages, PASSWORD_MIN } from '@shared/identity/constants';
import { failureMessage } from '../api/client';
import type { UserInput } from '../api/users';
import type { AdminMessageId, MessageValues } from '../i18n';

// The rules of the Add and Edit User forms (docs/product.md#validation), checked before a save as the server checks
// them (src/shared/identity/schemas.ts), and the server's refusals in the admin's language.

export type UserFormMode = 'add' | 'edit';
export type RequiredField = 'username' | 'password' | 'name';

export interface UserFormCheck {
  /** Required fields left blank ('Please fill in all required fields'). */
  missing: RequiredField[];
  /** A password was typed and is shorter than PASSWORD_MIN. */
  passwordTooShort: boolean;
}

/** Add: username, password and full name required. Edit: username and name; an empty password keeps the current one. */
export function checkUserForm(values: UserInput, mode: UserFormMode): UserFormCheck {
  const missing: RequiredField[] = [];
  if (!values.username.trim()) missing.push('username');
  if (mode === 'add' && values.password === '') missing.push('password');
  if (!values.name.trim()) missing.push('name');
  const passwordTooShort = values.password !== '' && values.password.length < PASSWORD_MIN;
  return { missing, passwordTooShort };
}

export const isValid = (check: UserFormCheck) => check.missing.length === 0 && !check.passwordTooShort;

/** The identity API's own messages, each with the admin's translation. */
const TRANSLATED: Record<string, AdminMessageId> = {
  [messages.requiredFields]: 'admin.users.required',
  [messages.passwordTooShort]: 'admin.users.passwordTooShort',
  [messages.usernameTaken]: 'admin.users.usernameTaken',
  [messages.roleInvalid]: 'admin.users.roleInvalid',
  [messages.cannotDeleteSelf]: 'admin.users.cannotDeleteSelf',
  [messages.lastAdmin]: 'admin.users.lastAdmin',
  [messages.userNotFound]: 'admin.users.notFound',
  [messages.notAnAdmin]: 'admin.users.notAnAdmin',
  [messages.ownPasswordInSettings]: 'admin.users.ownPasswordInSettings',
};

/**
 * What a failed write says (docs/product.md#messages): the server's message when it gave one ('Username already
 * exists'), in the admin's language when it is one the app knows, else the screen's fallback.
 */
export function userFailureText(
  error: unknown,
  fallback: string,
  t: (id: AdminMessageId, values?: MessageValues) => string,
): string {
  const message = failureMessage(error, fallback);
  const id = TRANSLATED[message];
  return id ? t(id, { min: PASSWORD_MIN }) : message;
}
