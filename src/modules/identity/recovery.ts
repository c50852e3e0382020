import { commandLineMetadata } from '../../platform/eventstore/metadata';
import type { EventStore } from '../../platform/eventstore/port';
import { parseInput } from '../../platform/http/validate';
import { createUserSchema } from '../../shared/identity';
import { adminIdOf, createAdminUser, resetPassword } from './commands';
import { IdentityRuleError } from './decider';
import { ADMIN_ROLE } from './events';
import { coded } from '../../shared/errors';

// The operator's way back in when every administrator is lost or locked out (src/cli/admin.ts):
// an administrator created, or one's password reset, by `system` from the command line, with the
// users API's rules for usernames and passwords. A reset ends that admin's sessions, as any
// password change does. Refusals throw as the API's do (HttpError, IdentityRuleError).

/** A new administrator named `username` (their name too, changed later in Settings), on the roster. */
export async function createAdminFromCommandLine(store: EventStore, username: string, password: string) {
  const input = parseInput(createUserSchema, { username, password, name: username, role: ADMIN_ROLE });
  return createAdminUser(store, input, commandLineMetadata());
}

export async function resetPasswordFromCommandLine(store: EventStore, username: string, password: string) {
  const input = parseInput(createUserSchema.pick({ password: true }), { password });
  const userId = await adminIdOf(store, username);
  if (!userId) throw new IdentityRuleError(404, coded('users.unknown_username', { username: username.trim() }));
  return resetPassword(store, userId, input.password, commandLineMetadata());
}
