import { z } from 'zod';
import { ALL_PROJECTIONS } from './constants';

// What POST /api/admin/projections/{name}/rebuild takes: one read model's name, or all.

/** A read model's name as a path segment; the route checks it names a projection that exists. */
export const rebuildTargetSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, `Name a read model, or ${ALL_PROJECTIONS}`);
