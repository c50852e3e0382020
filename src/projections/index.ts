import type { Projection } from '../platform/projections/projection';
import { adminUsersProjection } from './admin-users';

/** Every read model of the product, in the order they are rebuilt. */
export function allProjections(): Projection[] {
  return [adminUsersProjection];
}
