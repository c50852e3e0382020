import { ADMIN_ROLE, type IdentityEvent } from './events';

// Pure rules of one admin user: decide(command, state) → events; evolve(state, event) → state.

export interface AdminUserState {
  exists: boolean;
  username?: string;
}

export const initialState: AdminUserState = { exists: false };

export type IdentityCommand = {
  type: 'CreateAdminUser';
  data: { userId: string; username: string; name: string; role: string; passwordHash: string; now: string };
};

export class IdentityRuleError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityRuleError';
  }
}

export function decide(command: IdentityCommand, state: AdminUserState): IdentityEvent[] {
  switch (command.type) {
    case 'CreateAdminUser': {
      if (state.exists) throw new IdentityRuleError(409, 'This user already exists');
      const { userId, username, name, role, passwordHash, now } = command.data;
      if (!username.trim() || !name.trim() || !passwordHash) {
        throw new IdentityRuleError(400, 'Please fill in all required fields');
      }
      if (role !== ADMIN_ROLE) throw new IdentityRuleError(400, `Role must be ${ADMIN_ROLE}`);
      return [{ type: 'AdminUserCreated', data: { userId, username: username.trim(), name: name.trim(), role, passwordHash, createdAt: now } }];
    }
    default:
      return exhaustive(command.type);
  }
}

export function evolve(state: AdminUserState, event: IdentityEvent): AdminUserState {
  switch (event.type) {
    case 'AdminUserCreated':
      return { exists: true, username: event.data.username };
    default:
      return exhaustive(event.type);
  }
}

function exhaustive(value: never): never {
  throw new Error(`Unhandled: ${String(value)}`);
}
