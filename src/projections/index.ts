import type { Kysely } from 'kysely';
import type { Projection } from '../platform/projections/projection';
import type { Realtime } from '../platform/realtime/realtime';
import { adminUsersProjection } from './admin-users';
import { catalogueProjection } from './catalogue';
import { ordersProjection } from './orders';

/** What read models may use after a batch commits: the database to read fresh lists, the live push. */
export interface ProjectionDeps {
  db: Kysely<any>;
  /** Absent in tools that only rebuild (nothing to push to). */
  realtime?: Realtime;
}

/** Every read model of the product, in the order they are rebuilt. */
export function allProjections(deps: ProjectionDeps): Projection[] {
  return [adminUsersProjection(deps), catalogueProjection(deps), ordersProjection(deps)];
}
