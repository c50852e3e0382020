import { PASSWORD_MIN, type SettingsProblem } from '@shared/identity/constants';
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
