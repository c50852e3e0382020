import type { Kysely } from 'kysely';
import type { Projection } from '../platform/projections/projection';
import type { Realtime } from '../platform/realtime/realtime';
import { adminUsersProjection, describeActor } from './admin-users';
import { auditProjection } from './audit';
import { catalogueProjection, type LiveCatalogue } from './catalogue';
import type { Database } from './database';
import { notesProjection } from './notes';
import { ordersProjection } from './orders';
import { shopLegalProjection } from './shop-legal';
import { subscriptionsProjection } from './subscriptions';

/** What read models may use after a batch commits: the database to read fresh lists, the live push. */
export interface ProjectionDeps {
  db: Kysely<Database>;
  /** Absent in tools that only rebuild (nothing to push to). */
  realtime?: Realtime;
  /** The instance's one in-memory catalogue, which the catalogue projection refreshes after each batch. */
  catalogue: LiveCatalogue;
  /** Automatic delivery's start (docs/product.md#automatic-delivery); absent when it is off. */
  onOrdersPaid?: (orderIds: string[]) => Promise<void>;
}

/** Every read model of the product, in the order they are rebuilt. */
export function allProjections(deps: ProjectionDeps): Projection[] {
  return [
    adminUsersProjection(deps),
    catalogueProjection(deps.catalogue),
    ordersProjection({ ...deps, describeActor: (actor) => describeActor(deps.db, actor) }),
    subscriptionsProjection({ ...deps, describeActor: (actor) => describeActor(deps.db, actor) }),
    notesProjection({ ...deps, describeActor: (actor) => describeActor(deps.db, actor) }),
    shopLegalProjection(),
    auditProjection(deps),
  ];
}
