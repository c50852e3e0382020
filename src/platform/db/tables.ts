import type { EventStoreTables } from '../eventstore/postgres';
import type { MediaTables } from '../media/library';
import type { CheckpointTables } from '../projections/runner';
import type { RateLimitTables } from '../throttle/limiters';

/** The platform's own tables (not read models): part of the product's Database type. */
export interface PlatformTables extends EventStoreTables, CheckpointTables, MediaTables, RateLimitTables {}
