import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../platform/eventstore/port';
import { RowFolder } from '../platform/projections/fold';
import type { Projection } from '../platform/projections/projection';
import type { IdentityEvent } from '../modules/identity/events';

// Admin users as the back office lists them, with the password hash the login checks.

export interface AdminUserRow {
  id: string;
  username: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = {
  id: 'text',
  username: 'text',
  name: 'text',
  role: 'text',
  password_hash: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

export const adminUsersProjection: Projection = {
  name: 'admin-users',
  tables: ['admin_users'],
  handles: new Set<IdentityEvent['type']>(['AdminUserCreated']),
  async apply(db: Kysely<any>, events: RecordedEvent[]) {
    const rows = new RowFolder<AdminUserRow>('admin_users', 'id', COLUMNS);
    for (const event of events as unknown as (IdentityEvent & RecordedEvent)[]) {
      switch (event.type) {
        case 'AdminUserCreated': {
          const { userId, username, name, role, passwordHash, createdAt } = event.data;
          rows.create(userId, { id: userId, username, name, role, password_hash: passwordHash, created_at: createdAt, updated_at: createdAt });
          break;
        }
      }
    }
    await rows.flush(db);
  },
};
