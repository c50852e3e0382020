import type { Settings } from '../../shared/identity';

// Events of the identity module. Each carries the full state it changes, so the read model
// can fold a batch without looking rows up.

export const ADMIN_ROLE = 'admin';
export type AdminRole = typeof ADMIN_ROLE;

export type IdentityEvent =
  | {
      type: 'AdminUserCreated';
      data: { userId: string; username: string; name: string; role: AdminRole; passwordHash: string; createdAt: string };
    }
  | { type: 'AdminUserUpdated'; data: { userId: string; username: string; name: string; role: AdminRole; updatedAt: string } }
  | { type: 'AdminPasswordChanged'; data: { userId: string; passwordHash: string; changedAt: string } }
  | { type: 'AdminSettingsChanged'; data: { userId: string; settings: Settings; changedAt: string } }
  | { type: 'AdminUserDeleted'; data: { userId: string; deletedAt: string } };

export type IdentityEventType = IdentityEvent['type'];

/** A username belongs to at most one user: its own stream, claimed and released with optimistic concurrency. */
export type UsernameEvent =
  | { type: 'UsernameClaimed'; data: { username: string; userId: string } }
  | { type: 'UsernameReleased'; data: { username: string; userId: string } };

/** Guards the one-time creation of the first administrator across instances. */
export interface FirstAdminClaimed {
  type: 'FirstAdminClaimed';
  data: { userId: string };
}

export const userStream = (userId: string) => `admin-user-${userId}`;
export const usernameStream = (username: string) => `admin-username-${username.trim().toLowerCase()}`;
export const FIRST_ADMIN_STREAM = 'identity-first-admin';
