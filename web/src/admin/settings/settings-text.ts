import { PASSWORD_MIN, messages, type SettingsProblem } from '@shared/identity/constants';
import { failureMessage } from '../api/client';
import type { AdminMessageId, MessageValues } from '../i18n';

// The identity API's messages for the Settings forms, in the admin's language: each field's
// problem (found by the same rules the server applies) and the server's own refusals.

type Text = (id: AdminMessageId, values?: MessageValues) => string;

const PROBLEM_TEXT: Record<SettingsProblem, AdminMessageId> = {
  requiredFields: 'admin.settings.error.required',
  passwordTooShort: 'admin.settings.error.passwordTooShort',
  passwordsDiffer: 'admin.settings.error.passwordsDiffer',
  fullNameRequired: 'admin.settings.error.fullNameRequired',
  emailInvalid: 'admin.settings.error.emailInvalid',
};

/** A field's problem as the admin reads it. */
export const problemText = (t: Text, problem: SettingsProblem) => t(PROBLEM_TEXT[problem], { min: PASSWORD_MIN });

/** The server's messages the app knows, each with its translation. */
const SERVER_TEXT: Record<string, AdminMessageId> = {
  ...Object.fromEntries(Object.entries(PROBLEM_TEXT).map(([key, id]) => [messages[key as SettingsProblem], id])),
  [messages.currentPasswordWrong]: 'admin.settings.error.currentPasswordWrong',
};

/** What a refused save says: the server's message (translated when known), else the fallback. */
export function refusalText(t: Text, error: unknown, fallback: string): string {
  const message = failureMessage(error, fallback);
  const id = SERVER_TEXT[message];
  return id ? t(id, { min: PASSWORD_MIN }) : message;
}
