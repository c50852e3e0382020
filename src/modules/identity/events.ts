import type { UniqueValue } from '../../platform/eventstore/unique-claim';
import { timeFieldAsAt } from '../../platform/eventstore/upcast';
import type { Settings } from '../../shared/identity';

// Events of the identity module. Each carries the full state it changes, so the read model
// can fold a batch without looking rows up. `at` is when the event happened.

export const ADMIN_ROLE = 'admin';
export type AdminRole = typeof ADMIN_ROLE;

export type IdentityEvent =
  | {
      type: 'AdminUserCreated';
      data: { userId: string; username: string; name: string; role: AdminRole; passwordHash: string; at: string };
    }
  | { type: 'AdminUserUpdated'; data: { userId: string; username: string; name: string; role: AdminRole; at: string } }
  | { type: 'AdminPasswordChanged'; data: { userId: string; passwordHash: string; at: string } }
  | {
      type: 'AdminSettingsChanged';
      /**
       * `languageChosen`: the admin has chosen their display language (this change or an earlier
       * one), so it is the back office's language wherever they sign in; until then it starts in
       * English whatever `settings.language` holds (whose default is ar; docs/product.md#settings). Carried
       * whole by every change, so a rebuild reads it off the last event.
       */
      data: { userId: string; settings: Settings; languageChosen: boolean; at: string };
    }
  | { type: 'AdminUserDeleted'; data: { userId: string; at: string } };

export type IdentityEventType = IdentityEvent['type'];

export const IDENTITY_EVENT_TYPES: readonly IdentityEventType[] = [
  'AdminUserCreated',
  'AdminUserUpdated',
  'AdminPasswordChanged',
  'AdminSettingsChanged',
  'AdminUserDeleted',
];

/**
 * Signing out, on each admin's sessions stream (`sessionsStream`), apart from their user stream so
 * a sign-out never makes an edit of the user stale. `tokenId` is the token's `jti`, refused until
 * `expiresAt`; `sessionVersion` is the one tokens issued from now on carry (older ones are refused).
 * Not in the audit trail: signing in is not either.
 */
export type SessionEvent =
  | { type: 'AdminSignedOut'; data: { userId: string; tokenId: string; expiresAt: string; at: string } }
  | { type: 'AdminSignedOutEverywhere'; data: { userId: string; sessionVersion: number; at: string } };

export const SESSION_EVENT_TYPES: readonly SessionEvent['type'][] = ['AdminSignedOut', 'AdminSignedOutEverywhere'];

/** What each event's time field was called before it became `at` (events stored then keep the old name). */
const OLD_TIME_FIELD: Record<IdentityEventType, string> = {
  AdminUserCreated: 'createdAt',
  AdminUserUpdated: 'updatedAt',
  AdminPasswordChanged: 'changedAt',
  AdminSettingsChanged: 'changedAt',
  AdminUserDeleted: 'deletedAt',
};

/**
 * An identity event as stored, in today's shape: call it wherever identity events are folded.
 * Settings changed before `languageChosen` existed came from an API call that sent a language of
 * its own (no screen saved settings then): that language counts as chosen.
 */
export const upcastIdentityEvent = <E extends IdentityEvent>(stored: E): E => {
  const event = timeFieldAsAt(stored, OLD_TIME_FIELD[stored.type]);
  if (event.type !== 'AdminSettingsChanged' || typeof event.data.languageChosen === 'boolean') return event;
  return { ...event, data: { ...event.data, languageChosen: true } };
};

/** A username belongs to at most one user: its own stream, claimed and released with optimistic concurrency. */
export type UsernameEvent =
  | { type: 'UsernameClaimed'; data: { username: string; userId: string } }
  | { type: 'UsernameReleased'; data: { username: string; userId: string } };

/** Guards the one-time creation of the first administrator across instances. */
export interface FirstAdminClaimed {
  type: 'FirstAdminClaimed';
  data: { userId: string };
}

/**
 * The administrators as a set (roster.ts): every creation and deletion of an admin appends here at
 * the revision it read, so two changes decided at once collide and the later one is decided again.
 * Its first event, written with its first change, seeds it with the admins the log already holds.
 * No read model handles these events: the audit trail shows the users' own events.
 */
export type RosterEvent =
  | { type: 'RosterSeeded'; data: { admins: string[] } }
  | { type: 'RosterAdminAdded'; data: { userId: string } }
  | { type: 'RosterAdminRemoved'; data: { userId: string } };

export const ADMIN_ROSTER_STREAM = 'identity-admin-roster';

export const userStream = (userId: string) => `admin-user-${userId}`;
export const sessionsStream = (userId: string) => `admin-sessions-${userId}`;
export const usernameStream = (username: string) => `admin-username-${username.trim().toLowerCase()}`;
export const FIRST_ADMIN_STREAM = 'identity-first-admin';

/** Usernames, one holder each whatever their case. */
export const usernames: UniqueValue<UsernameEvent> = {
  stream: usernameStream,
  claimed: (username, userId) => ({ type: 'UsernameClaimed', data: { username: username.trim(), userId } }),
  released: (username, userId) => ({ type: 'UsernameReleased', data: { username, userId } }),
  ownerIn: (event) => (event.type === 'UsernameClaimed' ? event.data.userId : undefined),
};
