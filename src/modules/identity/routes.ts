import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { Router, type Request, type Response } from 'express';
import type { AppContext, ModuleRoutes } from '../../context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import type { Position } from '../../platform/eventstore/port';
import { HttpError, notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { clientAddress } from '../../platform/throttle/http';
import {
  ADMIN_USERS_PROJECTION,
  credentialsVersion,
  findUser,
  findUserByUsername,
  findUserView,
  listAdminUsers,
  settingsOf,
  type AdminUserRow,
} from '../../projections/admin-users';
import {
  createUserSchema,
  languageChoiceSchema,
  loginSchema,
  logoutSchema,
  messages,
  passwordChangeSchema,
  settingsSaveSchema,
  updateUserSchema,
  type PasswordChanged,
  type SettingsAnswer,
  type SettingsSaved,
} from '../../shared/identity';
import {
  changePassword,
  changeSettings,
  chooseLanguage,
  createAdminUser,
  deleteAdminUser,
  hashPassword,
  signOut,
  signOutEverywhere,
  updateAdminUser,
} from './commands';
import { passwordThrottle, type PasswordThrottle } from './throttle';

export function identityRoutes(ctx: AppContext): ModuleRoutes {
  const throttle = passwordThrottle(ctx.limiters);
  return { public: authRoutes(ctx, throttle), admin: adminRoutes(ctx, throttle) };
}

function authRoutes(ctx: AppContext, throttle: PasswordThrottle): Router {
  const router = Router();
  // Checked against this when the username is unknown, so both failures take about as long.
  const unknownUserHash = hashPassword(randomUUID());

  router.post('/api/auth/login', async (req, res) => {
    const { username, password } = parseInput(loginSchema, req.body ?? {});
    const attempt = await throttle.attempt(username, clientAddress(req), res, 'sign-in');
    const user = await findUserByUsername(ctx.db, username);
    const valid = await argon2.verify(user?.password_hash ?? (await unknownUserHash), password).catch(() => false);
    if (!user || !valid) throw new HttpError(401, messages.loginInvalid);
    await attempt.succeeded();
    const principal = { id: user.id, username: user.username, name: user.name, role: user.role };
    const { token, expiresAt } = ctx.auth.issue(principal, sessionVersions(user));
    res.json({ token, expiresAt, user: principal });
  });

  // Answers once the read model refuses the token; the projection then tells every instance (their
  // remembered tokens, their sockets), and this one forgets at once for the caller's next request.
  router.post('/api/auth/logout', ctx.auth.requireAdmin, async (req, res) => {
    const { everywhere } = parseInput(logoutSchema, req.body ?? {});
    const { id } = req.admin!;
    const metadata = commandMetadata(id);
    const position = everywhere
      ? await signOutEverywhere(ctx.store, id, metadata)
      : await signOut(ctx.store, id, req.adminToken!, metadata);
    await ctx.runner.waitFor(position, { projections: [ADMIN_USERS_PROJECTION] });
    ctx.auth.forgetPrincipals();
    res.json({ message: everywhere ? 'Signed out everywhere' : 'Signed out' });
  });
  return router;
}

/** What a token issued now for this admin carries. */
const sessionVersions = (user: AdminUserRow) => ({
  credentialsVersion: credentialsVersion(user.password_hash),
  sessionVersion: user.session_version,
});

function adminRoutes(ctx: AppContext, throttle: PasswordThrottle): Router {
  const router = Router();
  const { store } = ctx;
  // The request's id becomes the events' correlationId through the request context.
  const meta = (req: Request) => commandMetadata(req.admin!.id);
  // An admin's write answers once the read model shows it, so the next read sees it.
  const caughtUp = (position: Position) => ctx.runner.waitFor(position, { projections: [ADMIN_USERS_PROJECTION] });
  // A user's version is the ETag of what shows them, and If-Match on a write names the version
  // edited (a stale one is 409). A write without If-Match is accepted: the public API's callers
  // send none (docs/architecture.md#commands).
  const withVersion = (res: Response, version: number | undefined) =>
    version === undefined ? res : res.set('ETag', versionTag(version));

  router.get('/me', (req, res) => {
    res.json({ user: req.admin });
  });

  router.get('/users', async (_req, res) => {
    res.json({ users: await listAdminUsers(ctx.db) });
  });

  router.post('/users', async (req, res) => {
    const input = parseInput(createUserSchema, req.body ?? {});
    const { userId, position } = await createAdminUser(store, input, meta(req));
    await caughtUp(position);
    const user = await findUserView(ctx.db, userId);
    withVersion(res, user?.version).status(201).json({ message: 'User added successfully', user });
  });

  router.get('/users/:id', async (req, res) => {
    const user = await findUserView(ctx.db, req.params.id);
    if (!user) throw notFound(messages.userNotFound);
    withVersion(res, user.version).json({ user });
  });

  router.put('/users/:id', async (req, res) => {
    const input = parseInput(updateUserSchema, req.body ?? {});
    await caughtUp(await updateAdminUser(store, req.params.id, input, meta(req), ifMatchRevision(req)));
    const user = await findUserView(ctx.db, req.params.id);
    withVersion(res, user?.version).json({ message: 'User updated successfully', user });
  });

  router.delete('/users/:id', async (req, res) => {
    await caughtUp(await deleteAdminUser(store, req.params.id, meta(req), ifMatchRevision(req)));
    res.json({ message: 'User deleted successfully' });
  });

  /** The signed-in admin's settings as they are now, with their version as the ETag. */
  const sendSettings = async (req: Request, res: Response, message?: string) => {
    const user = await findUser(ctx.db, req.admin!.id);
    if (!user) throw notFound(messages.userNotFound);
    const answer: SettingsAnswer = {
      settings: settingsOf(user),
      languageChosen: user.language_chosen,
      version: user.version,
    };
    withVersion(res, user.version).json(
      message === undefined ? answer : ({ message, ...answer } satisfies SettingsSaved),
    );
  };

  router.get('/settings', async (req, res) => {
    await sendSettings(req, res);
  });

  router.put('/settings', async (req, res) => {
    const { languageChosen, ...settings } = parseInput(settingsSaveSchema, req.body ?? {});
    const input = { settings, chooseLanguage: languageChosen };
    await caughtUp(await changeSettings(store, req.admin!.id, input, meta(req), ifMatchRevision(req)));
    await sendSettings(req, res, 'Settings saved successfully!');
  });

  // The header's language menu: the language alone, so it needs no version (the last choice wins).
  router.put('/settings/language', async (req, res) => {
    const { language } = parseInput(languageChoiceSchema, req.body ?? {});
    await caughtUp(await chooseLanguage(store, req.admin!.id, language, meta(req)));
    await sendSettings(req, res, 'Settings saved successfully!');
  });

  router.put('/settings/password', async (req, res) => {
    const input = parseInput(passwordChangeSchema, req.body ?? {});
    const user = await findUser(ctx.db, req.admin!.id);
    if (!user) throw notFound(messages.userNotFound);
    // A wrong current password counts as a failed sign-in of this admin from this address.
    const attempt = await throttle.attempt(user.username, clientAddress(req), res, 'current-password');
    await caughtUp(await changePassword(store, user.id, { ...input, currentHash: user.password_hash }, meta(req)));
    await attempt.succeeded();
    // Older tokens stop working with the old password; this one keeps the admin signed in.
    const changed = await findUser(ctx.db, user.id);
    const { token, expiresAt } = ctx.auth.issue(req.admin!, sessionVersions(changed!));
    res.json({ message: 'Password changed successfully', token, expiresAt } satisfies PasswordChanged);
  });

  return router;
}
