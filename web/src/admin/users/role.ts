import { ADMIN_ROLES, type AdminRole } from '@shared/identity/constants';
import type { AdminMessageId, MessageValues } from '../i18n';

export const isAdminRole = (role: string | undefined): role is AdminRole =>
  (ADMIN_ROLES as readonly string[]).includes(role ?? '');

/** A role as the admin reads it ('Admin', 'مسؤول'); a role this app does not know, as stored. */
export function roleLabel(t: (id: AdminMessageId, values?: MessageValues) => string, role: string): string {
  return isAdminRole(role) ? t(`admin.users.role.${role}`) : role;
}
