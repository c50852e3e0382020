import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  messages,
  passwordChangeProblems,
  passwordChangeSchema,
  profileProblems,
  settingsSchema,
  type Settings,
} from '.';

// The Settings form checks its fields with the zod-free rules of constants.ts; the server with
// settingsSchema and passwordChangeSchema. Both must refuse the same values with the same message.

const schemaMessages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the profile rules shared by the Settings form and the server', () => {
  const profiles: Settings['profile'][] = [
    { name: 'Amina', email: '', phone: '' },
    { name: '  Amina  ', email: ' amina@example.dz ', phone: '0550 00 00 00' },
    { name: '', email: '', phone: '' },
    { name: '   ', email: 'amina@example.dz', phone: '' },
    { name: 'Amina', email: 'not-an-email', phone: '' },
    { name: 'Amina', email: 'amina@example', phone: '' },
    { name: 'Amina', email: 'a..b@example.dz', phone: '' },
    { name: 'Amina', email: "o'neil+news@mail.example.com", phone: '' },
    { name: '', email: '@x.dz', phone: '' },
  ];

  it.each(profiles)('agree on %o', (profile) => {
    const problems = profileProblems(profile);
    const formMessages = [problems.name, problems.email].flatMap((key) => (key ? [messages[key]] : []));
    const server = schemaMessages(settingsSchema.safeParse({ ...defaultSettings('x'), profile }));
    expect(formMessages.sort()).toEqual(server.sort());
  });
});

describe('the password rules shared by the Settings form and the server', () => {
  const changes = [
    { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' },
    { currentPassword: '', newPassword: 'new-password', confirmPassword: 'new-password' },
    { currentPassword: 'old-password', newPassword: 'short', confirmPassword: 'short' },
    { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-passwort' },
    { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: '' },
    { currentPassword: 'old-password', newPassword: ' spaced out ', confirmPassword: ' spaced out ' },
  ];

  it.each(changes)('agree on %o', (change) => {
    const problems = passwordChangeProblems(change);
    const formMessages = new Set(Object.values(problems).map((key) => messages[key]));
    const server = new Set(schemaMessages(passwordChangeSchema.safeParse(change)));
    expect(formMessages).toEqual(server);
  });

  it('asks for every field when all are blank', () => {
    expect(passwordChangeProblems({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'requiredFields',
      newPassword: 'requiredFields',
    });
  });
});
