import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import { defaultSettings, messages, type Language, type Settings } from '../../shared/identity';
import { ADMIN_ROLE, upcastIdentityEvent, type IdentityEvent } from './events';

// Pure rules of one admin user: decide(command, state) → events; evolve(state, event) → state.
// Password hashing and checking are async, so commands.ts does them and passes the results in.

export interface AdminUserState {
  exists: boolean;
  deleted: boolean;
  username?: string;
  name?: string;
  settings?: Settings;
  /** Whether the admin has chosen their display language (see AdminSettingsChanged). */
  languageChosen: boolean;
}

const initialState: AdminUserState = { exists: false, deleted: false, languageChosen: false };

export type IdentityCommand =
  | {
      type: 'CreateAdminUser';
      data: { userId: string; username: string; name: string; role: string; passwordHash: string; now: string };
    }
  /** `actorId`: who edits; a password is set here only for another admin (one's own needs the current one). */
  | {
      type: 'UpdateAdminUser';
      data: {
        userId: string;
        actorId: string;
        username: string;
        name: string;
        role: string;
        passwordHash?: string;
        now: string;
      };
    }
  /** Who may delete whom, and that one admin remains, is the roster's to decide (roster.ts). */
  | { type: 'DeleteAdminUser'; data: { userId: string; now: string } }
  | {
      type: 'ChangePassword';
      data: {
        userId: string;
        currentPasswordMatches: boolean;
        newPasswordHash: string;
        passwordsMatch: boolean;
        now: string;
      };
    }
  /** An operator's recovery command (`npm run admin -- reset-password`): no current password asked. */
  | { type: 'ResetPassword'; data: { userId: string; passwordHash: string; now: string } }
  /** `chooseLanguage`: saved from where the display language is chosen (not only kept as it was). */
  | { type: 'ChangeSettings'; data: { userId: string; settings: Settings; chooseLanguage: boolean; now: string } }
  /** The header's language menu: only the display language changes, and it counts as chosen. */
  | { type: 'ChooseLanguage'; data: { userId: string; language: Language; now: string } };

export class IdentityRuleError extends RuleError {}

function decide(command: IdentityCommand, state: AdminUserState): IdentityEvent[] {
  switch (command.type) {
    case 'CreateAdminUser': {
      if (state.exists) throw new IdentityRuleError(409, messages.userExists);
      const { userId, username, name, role, passwordHash, now } = command.data;
      requireFields(username, name, passwordHash);
      return [
        {
          type: 'AdminUserCreated',
          data: { userId, username: username.trim(), name: name.trim(), role: checkRole(role), passwordHash, at: now },
        },
      ];
    }
    case 'UpdateAdminUser': {
      requireLiving(state);
      const { userId, actorId, username, name, role, passwordHash, now } = command.data;
      if (passwordHash && actorId === userId) throw new IdentityRuleError(403, messages.ownPasswordInSettings);
      requireFields(username, name, 'kept');
      const events: IdentityEvent[] = [
        {
          type: 'AdminUserUpdated',
          data: { userId, username: username.trim(), name: name.trim(), role: checkRole(role), at: now },
        },
      ];
      if (passwordHash) events.push({ type: 'AdminPasswordChanged', data: { userId, passwordHash, at: now } });
      return events;
    }
    case 'DeleteAdminUser': {
      requireLiving(state);
      const { userId, now } = command.data;
      return [{ type: 'AdminUserDeleted', data: { userId, at: now } }];
    }
    case 'ChangePassword': {
      requireLiving(state);
      const { userId, currentPasswordMatches, passwordsMatch, newPasswordHash, now } = command.data;
      if (!currentPasswordMatches) throw new IdentityRuleError(400, messages.currentPasswordWrong);
      if (!passwordsMatch) throw new IdentityRuleError(400, messages.passwordsDiffer);
      return [{ type: 'AdminPasswordChanged', data: { userId, passwordHash: newPasswordHash, at: now } }];
    }
    case 'ResetPassword': {
      requireLiving(state);
      const { userId, passwordHash, now } = command.data;
      return [{ type: 'AdminPasswordChanged', data: { userId, passwordHash, at: now } }];
    }
    case 'ChangeSettings': {
      requireLiving(state);
      const { userId, settings, chooseLanguage, now } = command.data;
      // Another language than the one kept is a choice too, whoever sends it.
      const languageChosen = state.languageChosen || chooseLanguage || settings.language !== state.settings?.language;
      return [{ type: 'AdminSettingsChanged', data: { userId, settings, languageChosen, at: now } }];
    }
    case 'ChooseLanguage': {
      requireLiving(state);
      const { userId, language, now } = command.data;
      const settings = state.settings ?? defaultSettings(state.name ?? '');
      if (state.languageChosen && settings.language === language) return [];
      return [
        {
          type: 'AdminSettingsChanged',
          data: { userId, settings: { ...settings, language }, languageChosen: true, at: now },
        },
      ];
    }
    default:
      return exhaustive(command);
  }
}

function evolve(state: AdminUserState, stored: IdentityEvent): AdminUserState {
  const event = upcastIdentityEvent(stored);
  switch (event.type) {
    case 'AdminUserCreated':
      return {
        exists: true,
        deleted: false,
        username: event.data.username,
        name: event.data.name,
        settings: defaultSettings(event.data.name),
        languageChosen: false,
      };
    case 'AdminUserUpdated': {
      const { username, name } = event.data;
      // The profile's name is the user's name, whichever way it changed.
      const settings = state.settings && { ...state.settings, profile: { ...state.settings.profile, name } };
      return { ...state, username, name, settings };
    }
    case 'AdminPasswordChanged':
      return state;
    case 'AdminSettingsChanged':
      return {
        ...state,
        name: event.data.settings.profile.name,
        settings: event.data.settings,
        languageChosen: event.data.languageChosen,
      };
    case 'AdminUserDeleted':
      return { ...state, deleted: true };
    default:
      return exhaustive(event);
  }
}

/** One admin user's stream (`userStream(userId)`). */
export const decider: Decider<IdentityCommand, IdentityEvent, AdminUserState> = { decide, evolve, initialState };

function requireLiving(state: AdminUserState): void {
  if (!state.exists || state.deleted) throw new IdentityRuleError(404, messages.userNotFound);
}

function requireFields(...values: string[]): void {
  if (values.some((v) => !v.trim())) throw new IdentityRuleError(400, messages.requiredFields);
}

function checkRole(role: string): typeof ADMIN_ROLE {
  if (role !== ADMIN_ROLE) throw new IdentityRuleError(400, messages.roleInvalid);
  return ADMIN_ROLE;
}
