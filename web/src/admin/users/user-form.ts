import { PASSWORD_MIN } from '@shared/identity/constants';
import type { UserInput } from '../api/users';

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
