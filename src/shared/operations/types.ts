import type { ProjectionState, RebuildOrigin, RebuildState } from './constants';

// Projection operations' answers (GET /api/admin/projections, POST …/{name}/rebuild and the
// projectionRebuild socket event), as the server sends them (zod-free).

export interface ProjectionStatusView {
  /** The read model's projection name (admin-users, catalogue, orders, audit). */
  name: string;
  state: ProjectionState;
  /** The last event applied, as `commit/prepare` (the log's position). */
  position: string;
  /** Events in the log after it (counted up to 10,000). */
  behindEvents: number;
  /** How old the oldest event not applied yet is, in seconds (0 when live). */
  lagSeconds: number;
  /** The last batch's error while `failed`, else null. */
  error: string | null;
  /** The instance running it (host:pid), null when none does. */
  instance: string | null;
}

export interface RebuildView {
  id: string;
  projections: string[];
  state: RebuildState;
  origin: RebuildOrigin;
  /** The admin who started it (id and name), null from the CLI. */
  startedBy: { id: string; name: string } | null;
  /** The instance (host:pid) doing it. */
  instance: string;
  startedAt: string;
  /** Events replayed so far, over every read model it rebuilds. */
  events: number;
  /** Events to replay in all (each read model's share of the log at the start), an estimate. */
  totalEvents: number;
  /** Events per second over the last few seconds. */
  rate: number;
  /** Seconds left at that rate, null until known or once finished. */
  etaSeconds: number | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** Rows in each read model's tables once swapped in, when done. */
  rows: Record<string, number> | null;
  /** Why it failed, when it did. */
  error: string | null;
}

/** GET /api/admin/projections */
export interface ProjectionsOverview {
  /** The log's head: the position of its last event (`commit/prepare`). */
  head: string;
  projections: ProjectionStatusView[];
  /** The running rebuilds and the last finished ones, newest first. */
  rebuilds: RebuildView[];
}
