// Projection operations' vocabulary, shared by the server and the back office (zod-free).

/**
 * A read model's state: `catching_up` while its projection is behind the log, `live` once it is at
 * the head, `rebuilding` while a rebuild replays it into shadow tables, `failed` when its last batch
 * failed (the error is given; the runner retries), `stopped` when no instance runs it.
 */
export const PROJECTION_STATES = ['catching_up', 'live', 'rebuilding', 'failed', 'stopped'] as const;
export type ProjectionState = (typeof PROJECTION_STATES)[number];

export const REBUILD_STATES = ['running', 'done', 'failed'] as const;
export type RebuildState = (typeof REBUILD_STATES)[number];

/** Where a rebuild was started: the back office (by an admin) or `npm run projections -- rebuild`. */
export const REBUILD_ORIGINS = ['admin', 'cli'] as const;
export type RebuildOrigin = (typeof REBUILD_ORIGINS)[number];

/** The path segment that rebuilds every read model: POST /api/admin/projections/all/rebuild. */
export const ALL_PROJECTIONS = 'all';

/** Rebuilds the status lists, newest first. */
export const RECENT_REBUILDS = 10;
