import { z } from 'zod';
import { describeApi } from '../../platform/http/openapi/operation';
import {
  createUserSchema,
  languageChoiceSchema,
  loginSchema,
  logoutSchema,
  passwordChangeSchema,
  settingsSaveSchema,
  settingsSchema,
  updateUserSchema,
} from '../../shared/identity';

// The identity module's routes (./routes.ts) for the OpenAPI document: signing in, the admin
// users, and the signed-in admin's own settings.

/** What the settings routes answer (SettingsAnswer): the saved settings as the server keeps them. */
const settingsAnswerSchema = z.object({
  settings: settingsSchema,
  languageChosen: z.boolean(),
  version: z.number().int(),
});
const settingsSavedSchema = settingsAnswerSchema.extend({ message: z.string() });

const USER_ID = { id: 'The admin user’s id' };

export const identityApi = describeApi([
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Sign-in',
    auth: 'public',
    summary: 'Sign in as an administrator',
    description: 'Tries are limited per username and per address (429 with Retry-After past the limit).',
    body: { schema: loginSchema, name: 'Login' },
    responses: {
      200: '{ token, expiresAt, user }: the bearer token for /api/admin',
      401: 'Wrong username or password',
      429: 'Too many tries: wait as Retry-After says',
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Sign-in',
    auth: 'admin',
    summary: 'Sign out: end this token, or with everywhere every token of this admin',
    description:
      'The token is refused from then on on every instance (HTTP 401), and its admin sockets close; `everywhere` ends every token the admin was issued so far.',
    body: { schema: logoutSchema, name: 'Logout' },
    responses: { 200: '{ message }', 401: 'No valid token' },
  },
  {
    method: 'get',
    path: '/api/admin/me',
    tag: 'Users',
    auth: 'admin',
    summary: 'The signed-in admin',
    responses: { 200: '{ user }' },
  },
  {
    method: 'get',
    path: '/api/admin/users',
    tag: 'Users',
    auth: 'admin',
    summary: 'Every admin user',
    responses: { 200: '{ users }' },
  },
  {
    method: 'post',
    path: '/api/admin/users',
    tag: 'Users',
    auth: 'admin',
    summary: 'Add an admin user',
    body: { schema: createUserSchema, name: 'UserCreate' },
    responses: {
      201: '{ message, user }, the user’s version as ETag',
      403: 'The caller was removed from the administrators meanwhile',
      409: 'The username is taken',
    },
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}',
    tag: 'Users',
    auth: 'admin',
    summary: 'One admin user',
    params: USER_ID,
    versioned: 'read',
    responses: { 200: '{ user }', 404: 'No such user' },
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}',
    tag: 'Users',
    auth: 'admin',
    summary: 'Change an admin user (an empty password keeps the current one)',
    description:
      'A password given here resets another admin’s (their sessions end); the caller’s own is changed only with PUT /api/admin/settings/password, which asks for the current one.',
    params: USER_ID,
    body: { schema: updateUserSchema, name: 'UserUpdate' },
    versioned: 'write',
    responses: {
      200: '{ message, user }',
      403: 'A password for the caller’s own account',
      404: 'No such user',
      409: 'The username is taken, or a stale If-Match',
    },
  },
  {
    method: 'delete',
    path: '/api/admin/users/{id}',
    tag: 'Users',
    auth: 'admin',
    summary: 'Delete an admin user (not oneself, nor the last admin)',
    description:
      'Deletions are decided one after the other on the administrators roster: of two admins deleting each other at once, one succeeds and the other gets 409.',
    params: USER_ID,
    versioned: 'write',
    responses: {
      200: '{ message }',
      403: 'An admin cannot delete themself; the caller was removed from the administrators meanwhile',
      404: 'No such user',
      409: 'The last admin, or a stale If-Match',
    },
  },
  {
    method: 'get',
    path: '/api/admin/settings',
    tag: 'Settings',
    auth: 'admin',
    summary: 'The signed-in admin’s settings',
    versioned: 'read',
    responses: { 200: { description: 'The settings', schema: settingsAnswerSchema } },
  },
  {
    method: 'put',
    path: '/api/admin/settings',
    tag: 'Settings',
    auth: 'admin',
    summary: 'Save the signed-in admin’s settings',
    body: { schema: settingsSaveSchema, name: 'SettingsSave' },
    versioned: 'write',
    responses: { 200: { description: 'The settings saved', schema: settingsSavedSchema } },
  },
  {
    method: 'put',
    path: '/api/admin/settings/language',
    tag: 'Settings',
    auth: 'admin',
    summary: 'Choose the display language (the header’s menu; the last choice wins)',
    body: { schema: languageChoiceSchema, name: 'LanguageChoice' },
    responses: { 200: { description: 'The settings saved', schema: settingsSavedSchema } },
  },
  {
    method: 'put',
    path: '/api/admin/settings/password',
    tag: 'Settings',
    auth: 'admin',
    summary: 'Change the signed-in admin’s password',
    description:
      'Tokens issued before stop working; the answer carries a new one for this device. Wrong current passwords count with the admin’s failed sign-ins from the same address (429 with Retry-After past the limit).',
    body: { schema: passwordChangeSchema, name: 'PasswordChange' },
    responses: {
      200: '{ message, token, expiresAt }',
      400: 'The current password is wrong, or the new ones differ',
      429: 'Too many wrong passwords: wait as Retry-After says',
    },
  },
]);
