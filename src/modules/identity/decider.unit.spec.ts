import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import { defaultSettings, type Settings } from '../../shared/identity';
import { decider, type IdentityCommand } from './decider';
import { upcastIdentityEvent, type IdentityEvent } from './events';

const spec = deciderSpec(decider);
const at = '2026-11-21T10:00:00.000Z';
const now = '2026-11-21T11:00:00.000Z';

const create = (
  overrides: Partial<{ username: string; name: string; role: string; passwordHash: string }> = {},
): IdentityCommand => ({
  type: 'CreateAdminUser',
  data: {
    userId: 'u1',
    username: ' boss ',
    name: ' Amina ',
    role: 'admin',
    passwordHash: '$argon2id$x',
    now: at,
    ...overrides,
  },
});
const created: IdentityEvent = {
  type: 'AdminUserCreated',
  data: { userId: 'u1', username: 'boss', name: 'Amina', role: 'admin', passwordHash: '$argon2id$x', at },
};
const deleted: IdentityEvent = { type: 'AdminUserDeleted', data: { userId: 'u1', at: now } };
const settings: Settings = {
  profile: { name: 'Amina Benali', email: 'amina@example.dz', phone: '0550000000' },
  notifications: { emailNotifications: false, orderUpdates: true, newCustomers: true, productUpdates: true },
  language: 'fr',
  timezone: 'Europe/Paris',
  dateFormat: 'YYYY-MM-DD',
};

const update = (overrides: Partial<{ name: string; passwordHash: string; actorId: string }> = {}): IdentityCommand => ({
  type: 'UpdateAdminUser',
  data: { userId: 'u1', actorId: 'u2', username: 'chief', name: 'Amina B', role: 'admin', now, ...overrides },
});
const remove: IdentityCommand = { type: 'DeleteAdminUser', data: { userId: 'u1', now } };
const changePassword = (currentPasswordMatches: boolean, passwordsMatch: boolean): IdentityCommand => ({
  type: 'ChangePassword',
  data: { userId: 'u1', currentPasswordMatches, passwordsMatch, newPasswordHash: '$argon2id$n', now },
});

describe('identity decider', () => {
  describe('creating an admin user', () => {
    it('creates them with trimmed names', () => {
      spec.given([]).when(create()).then([created]);
    });

    it.each([{ username: '  ' }, { name: '' }, { passwordHash: '' }])(
      'refuses missing required fields: %o',
      (missing) => {
        spec.given([]).when(create(missing)).thenThrows('Please fill in all required fields', { status: 400 });
      },
    );

    it('refuses roles other than admin', () => {
      spec
        .given([])
        .when(create({ role: 'superuser' }))
        .thenThrows('Role must be admin', { status: 400 });
    });

    it('refuses to create the same user twice', () => {
      spec
        .given([created])
        .when(create())
        .thenThrows(/already exists/, { status: 409 });
    });
  });

  describe('updating an admin user', () => {
    it('updates name, username and role', () => {
      spec
        .given([created])
        .when(update())
        .then([
          {
            type: 'AdminUserUpdated',
            data: { userId: 'u1', username: 'chief', name: 'Amina B', role: 'admin', at: now },
          },
        ]);
    });

    it('adds a password change when given a new password hash', () => {
      spec
        .given([created])
        .when(update({ passwordHash: '$argon2id$y' }))
        .then([
          {
            type: 'AdminUserUpdated',
            data: { userId: 'u1', username: 'chief', name: 'Amina B', role: 'admin', at: now },
          },
          { type: 'AdminPasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$y', at: now } },
        ]);
    });

    it("never sets the editor's own password (that change asks for the current one), but saves the rest", () => {
      spec
        .given([created])
        .when(update({ passwordHash: '$argon2id$y', actorId: 'u1' }))
        .thenThrows('Change your own password under Settings → Password, which asks for the current one.', {
          status: 403,
        });
      spec
        .given([created])
        .when(update({ actorId: 'u1' }))
        .then([
          {
            type: 'AdminUserUpdated',
            data: { userId: 'u1', username: 'chief', name: 'Amina B', role: 'admin', at: now },
          },
        ]);
    });

    it('refuses a blank name', () => {
      spec
        .given([created])
        .when(update({ name: ' ' }))
        .thenThrows('Please fill in all required fields', { status: 400 });
    });

    it('refuses a user that does not exist, or no longer does', () => {
      spec.given([]).when(update()).thenThrows('User not found', { status: 404 });
      spec.given([created, deleted]).when(update()).thenThrows('User not found', { status: 404 });
    });
  });

  describe('deleting an admin user', () => {
    // Who may delete whom is the roster's rule (roster.unit.spec.ts).
    it('deletes a living user, once', () => {
      spec.given([created]).when(remove).then([deleted]);
      spec.given([created, deleted]).when(remove).thenThrows('User not found', { status: 404 });
      spec.given([]).when(remove).thenThrows('User not found', { status: 404 });
    });
  });

  describe('resetting a password from the command line', () => {
    it('sets it without the current one, for a living user only', () => {
      const reset: IdentityCommand = {
        type: 'ResetPassword',
        data: { userId: 'u1', passwordHash: '$argon2id$r', now },
      };
      spec
        .given([created])
        .when(reset)
        .then([{ type: 'AdminPasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$r', at: now } }]);
      spec.given([created, deleted]).when(reset).thenThrows('User not found', { status: 404 });
    });
  });

  describe('changing a password', () => {
    it('needs the right current password', () => {
      spec
        .given([created])
        .when(changePassword(false, true))
        .thenThrows('Current password is incorrect', { status: 400 });
    });

    it('needs a matching confirmation', () => {
      spec
        .given([created])
        .when(changePassword(true, false))
        .thenThrows('New password and confirmation do not match', { status: 400 });
    });

    it('records the new hash', () => {
      spec
        .given([created])
        .when(changePassword(true, true))
        .then([{ type: 'AdminPasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$n', at: now } }]);
    });
  });

  it('keeps settings, whose profile name becomes the user name', () => {
    const changed: IdentityEvent = {
      type: 'AdminSettingsChanged',
      data: { userId: 'u1', settings, languageChosen: true, at: now },
    };
    spec
      .given([created])
      .when({ type: 'ChangeSettings', data: { userId: 'u1', settings, chooseLanguage: false, now } })
      .then([changed]);
    expect([created, changed].reduce(decider.evolve, decider.initialState)).toMatchObject({
      name: 'Amina Benali',
      settings,
      languageChosen: true,
    });
  });

  describe('the display language, chosen or not (English until the admin chooses)', () => {
    const kept = defaultSettings('Amina');
    const change = (changes: Partial<Settings>, chooseLanguage: boolean): IdentityCommand => ({
      type: 'ChangeSettings',
      data: { userId: 'u1', settings: { ...kept, ...changes }, chooseLanguage, now },
    });
    const changedTo = (changes: Partial<Settings>, languageChosen: boolean): IdentityEvent => ({
      type: 'AdminSettingsChanged',
      data: { userId: 'u1', settings: { ...kept, ...changes }, languageChosen, at: now },
    });

    it('is not chosen by a save that keeps the language from elsewhere (the profile, the notifications)', () => {
      spec
        .given([created])
        .when(change({ timezone: 'Europe/Paris' }, false))
        .then([changedTo({ timezone: 'Europe/Paris' }, false)]);
    });

    it('is chosen by a save from Language & Region, even when it is the language kept (ar)', () => {
      spec
        .given([created])
        .when(change({}, true))
        .then([changedTo({}, true)]);
    });

    it('is chosen by any save that changes it', () => {
      spec
        .given([created])
        .when(change({ language: 'fr' }, false))
        .then([changedTo({ language: 'fr' }, true)]);
    });

    it('stays chosen through later saves', () => {
      spec
        .given([created, changedTo({ language: 'en' }, true)])
        .when(change({ language: 'en', dateFormat: 'YYYY-MM-DD' }, false))
        .then([changedTo({ language: 'en', dateFormat: 'YYYY-MM-DD' }, true)]);
    });

    it("is chosen from the header's menu, the other settings kept (the name as last changed)", () => {
      const renamed: IdentityEvent = {
        type: 'AdminUserUpdated',
        data: { userId: 'u1', username: 'boss', name: 'Amina B', role: 'admin', at },
      };
      spec
        .given([created, changedTo({ timezone: 'America/New_York' }, false), renamed])
        .when({ type: 'ChooseLanguage', data: { userId: 'u1', language: 'ar', now } })
        .then([
          changedTo(
            { timezone: 'America/New_York', language: 'ar', profile: { ...kept.profile, name: 'Amina B' } },
            true,
          ),
        ]);
    });

    it('records nothing when the same language is chosen again', () => {
      spec
        .given([created, changedTo({ language: 'fr' }, true)])
        .when({ type: 'ChooseLanguage', data: { userId: 'u1', language: 'fr', now } })
        .then([]);
    });

    it('is refused for a deleted user', () => {
      spec
        .given([created, deleted])
        .when({ type: 'ChooseLanguage', data: { userId: 'u1', language: 'fr', now } })
        .thenThrows('User not found', { status: 404 });
    });
  });
});

describe('identity events stored before their time field was named `at`', () => {
  it.each([
    ['AdminUserCreated', 'createdAt', { username: 'boss', name: 'Amina', role: 'admin', passwordHash: 'h' }],
    ['AdminUserUpdated', 'updatedAt', { username: 'boss', name: 'Amina', role: 'admin' }],
    ['AdminPasswordChanged', 'changedAt', { passwordHash: 'h' }],
    ['AdminSettingsChanged', 'changedAt', { settings: {}, languageChosen: false }],
    ['AdminUserDeleted', 'deletedAt', {}],
  ])('reads %s with its %s as `at`', (type, oldName, rest) => {
    const stored = { type, data: { userId: 'u1', ...rest, [oldName]: at } } as unknown as IdentityEvent;
    expect(upcastIdentityEvent(stored)).toEqual({ type, data: { userId: 'u1', ...rest, at } });
  });

  it('leaves an event already in the current shape as it is', () => {
    expect(upcastIdentityEvent(created)).toBe(created);
  });

  it('reads settings changed before `languageChosen` existed as a language chosen (an API call sent it)', () => {
    const stored = { type: 'AdminSettingsChanged', data: { userId: 'u1', settings, at } } as unknown as IdentityEvent;
    expect(upcastIdentityEvent(stored)).toEqual({
      type: 'AdminSettingsChanged',
      data: { userId: 'u1', settings, languageChosen: true, at },
    });
  });
});
