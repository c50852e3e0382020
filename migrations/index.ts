import type { Migration } from 'kysely';
import * as eventStore from './001_event_store';
import * as projectionCheckpoints from './002_projection_checkpoints';
import * as adminUsers from './003_admin_users';

// Listed explicitly (not scanned from disk) so the same list runs under tsx, vitest and a bundle.
export const migrations: Record<string, Migration> = {
  '001_event_store': eventStore,
  '002_projection_checkpoints': projectionCheckpoints,
  '003_admin_users': adminUsers,
};
