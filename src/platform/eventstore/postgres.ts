import { randomUUID } from 'node:crypto';
import type { Generated } from 'kysely';
import pg from 'pg';
import { ThrottledNotify } from '../db/throttled-notify';
import {
  ConcurrencyError,
  START,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type Recorded,
  type RecordedEvent,
  type StoredEvent,
} from './port';
import { eventIds } from './metadata';
import { pollingSubscription } from './subscription';

const UNIQUE_VIOLATION = '23505';
/** Errors after which an append may or may not have been committed: its connection went away. */
const CONNECTION_LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02']);
const CHANNEL = 'events_appended';
const REMOTE_NOTIFY_MS = 10;

// One round trip per append: read the stream's last revision, check the expectation and insert,
// all in one statement. Two writers that pass the check together collide on the unique
// (stream_id, stream_revision) constraint, which is the conflict. A resent append fails its
// expectation (its first copy moved the stream on), and only then is a second query made to see
// whether its events are already there. With no expectation ('any') nothing would fail, so that
// statement also writes nothing when the stream already holds the append's event ids.
const appendSql = (guard: string) => `
  WITH current_revision AS (
    SELECT coalesce(max(stream_revision), -1) AS revision FROM events WHERE stream_id = $1
  ), checked AS (
    SELECT revision FROM current_revision WHERE ${guard}
  )
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
  SELECT $1, checked.revision + e.ord, e.id, e.type, e.data, e.metadata
  FROM checked, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
  RETURNING stream_revision, transaction_id::text AS transaction_text, global_position`;
const APPEND_SQL = appendSql('revision = $2::bigint');
const APPEND_ANY_SQL = appendSql(
  '$2::bigint IS NULL AND NOT EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND event_id = ANY($3::uuid[]))',
);

// The xid is selected as text under another name: ORDER BY must sort the xid8 column itself,
// not its text (where '999' sorts after '1000').
// Only events whose transaction ids are below the oldest running transaction are read:
// everything there has committed or aborted, so nothing can appear behind the reader later.
const readAllSql = (columns: string) => `
  SELECT global_position, transaction_id::text AS transaction_text, stream_id, stream_revision, event_id, type, ${columns}
  FROM events
  WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    AND ($4::text[] IS NULL OR type = ANY($4::text[]))
  ORDER BY transaction_id, global_position
  LIMIT $3`;
const READ_ALL_SQL = readAllSql('data, metadata');
const READ_ALL_DATA_SQL = readAllSql('data');

const HEAD_SQL = `
  SELECT transaction_id::text AS transaction_text, global_position FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id DESC, global_position DESC
  LIMIT 1`;

// Every committed event, the ones above the readers' line included (see readAllSql).
const LAST_COMMITTED_SQL = `
  SELECT transaction_id::text AS transaction_text, global_position FROM events
  ORDER BY transaction_id DESC, global_position DESC
  LIMIT 1`;

/** The event log's table (migration 001), written and read with plain SQL here; typed for the Database. */
export interface EventStoreTables {
  events: {
    transaction_id: Generated<string>;
    global_position: Generated<string>;
    stream_id: string;
    stream_revision: string;
    event_id: string;
    type: string;
    data: unknown;
    metadata: unknown;
  };
}

interface AppendedRow {
  stream_revision: string;
  transaction_text: string;
  global_position: string;
}

interface EventRow {
  global_position: string;
  transaction_text: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

export class PostgresEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private listenClient: pg.Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  // Other instances learn of our appends through NOTIFY, sent outside the append: a NOTIFY inside it
  // would take PostgreSQL's global notify lock at every commit and serialise all writers. The first
  // append after a quiet spell notifies at once (an admin's write reaches the instance running the
  // projections without waiting); appends during the next REMOTE_NOTIFY_MS share one more NOTIFY.
  private readonly othersNotified: ThrottledNotify;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    this.othersNotified = new ThrottledNotify(CHANNEL, REMOTE_NOTIFY_MS, (statement) => pool.query(statement));
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const occurredAt = options.metadata.occurredAt ?? new Date().toISOString();
    const commandId = options.metadata.commandId ?? randomUUID();
    const metadata = JSON.stringify({ ...options.metadata, commandId, occurredAt });
    const expected = options.expectedRevision;
    const expectedParam = expected === 'any' ? null : expected === 'no_stream' ? '-1' : expected.toString();
    const serialised = events.map((e) => ({ type: e.type, json: JSON.stringify(e.data) }));
    const ids = eventIds(commandId, streamId, expected, serialised);
    const params = [
      streamId,
      expectedParam,
      ids,
      serialised.map((e) => e.type),
      serialised.map((e) => e.json),
      events.map(() => metadata),
    ];
    let resent = false;
    for (;;) {
      let written: AppendedRow[];
      try {
        // Named, so each connection plans the statement once.
        const statement =
          expected === 'any'
            ? { name: 'events_append_any', text: APPEND_ANY_SQL }
            : { name: 'events_append', text: APPEND_SQL };
        written = (await this.pool.query<AppendedRow>({ ...statement, values: params })).rows;
      } catch (error) {
        // A connection lost with the append in flight may have lost only the answer, after
        // PostgreSQL committed: the "timed out and sent again" case. The store resends it once
        // itself, with the same event ids, and the check below answers a write that did happen.
        if (!resent && connectionLost(error)) {
          resent = true;
          continue;
        }
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        // The writer that won the race has committed by now (PostgreSQL waited for it): it may have
        // been this very append, sent twice.
        const original = await this.alreadyAppended(streamId, ids);
        if (original) return this.appended(original);
        // 'any' has no expectation to break: the loser of the race simply goes after the winner.
        if (expected === 'any') continue;
        throw new ConcurrencyError(streamId, expected, await this.streamRevision(streamId));
      }
      // Nothing written: the expectation failed, perhaps because this very append went in before.
      const last = written[written.length - 1] ?? (await this.alreadyAppended(streamId, ids));
      if (!last) throw new ConcurrencyError(streamId, expected, await this.streamRevision(streamId));
      return this.appended(last);
    }
  }

  private appended(last: AppendedRow): AppendResult {
    this.notifyLocal();
    this.othersNotified.notify();
    return {
      nextRevision: BigInt(last.stream_revision),
      position: { commit: BigInt(last.transaction_text), prepare: BigInt(last.global_position) },
    };
  }

  /** The last event of an earlier identical append (same ids, all in this stream, in order), if there was one. */
  private async alreadyAppended(streamId: string, ids: string[]): Promise<AppendedRow | undefined> {
    const { rows } = await this.pool.query<AppendedRow & { stream_id: string; event_id: string }>(
      `SELECT stream_id, event_id, stream_revision, transaction_id::text AS transaction_text, global_position
       FROM events WHERE stream_id = $1 AND event_id = ANY($2::uuid[]) ORDER BY stream_revision`,
      [streamId, ids],
    );
    const same = rows.length === ids.length && rows.every((row, i) => row.event_id === ids[i]);
    return same ? rows[rows.length - 1] : undefined;
  }

  async readStream<E extends NewEvent = NewEvent>(streamId: string): Promise<Recorded<E>[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT global_position, transaction_id::text AS transaction_text, stream_id, stream_revision, event_id, type, data, metadata
       FROM events WHERE stream_id = $1 ORDER BY stream_revision`,
      [streamId],
    );
    // What a stream holds is what its module appended there: the caller names those types.
    return rows.map(toRecorded) as Recorded<E>[];
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.readAllRows('events_read_all', READ_ALL_SQL, options)).map(toRecorded);
  }

  async readAllData(options: ReadAllOptions): Promise<StoredEvent[]> {
    return (await this.readAllRows('events_read_all_data', READ_ALL_DATA_SQL, options)).map(toStored);
  }

  private async readAllRows(name: string, text: string, { after, limit, types }: ReadAllOptions): Promise<EventRow[]> {
    const values = [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), limit, types ?? null];
    return (await this.pool.query<EventRow>({ name, text, values })).rows;
  }

  headPosition(): Promise<Position> {
    return this.positionOf(HEAD_SQL);
  }

  lastCommittedPosition(): Promise<Position> {
    return this.positionOf(LAST_COMMITTED_SQL);
  }

  private async positionOf(query: string): Promise<Position> {
    const { rows } = await this.pool.query<{ transaction_text: string; global_position: string }>(query);
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_text), prepare: BigInt(row.global_position) } : START;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.listenClient && !this.listenRetry) void this.listen();
    return () => this.listeners.delete(listener);
  }

  subscribe(from: Position, handler: (event: RecordedEvent) => Promise<void> | void) {
    return pollingSubscription(this, from, handler);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM events LIMIT 1');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.listenRetry);
    this.othersNotified.close();
    this.listeners.clear();
    const client = this.listenClient;
    this.listenClient = undefined;
    await client?.end().catch(() => {});
  }

  private notifyLocal(): void {
    for (const listener of this.listeners) listener();
  }

  private async streamRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const { rows } = await this.pool.query<{ revision: string | null }>(
      'SELECT max(stream_revision) AS revision FROM events WHERE stream_id = $1',
      [streamId],
    );
    const revision = rows[0]?.revision;
    return revision == null ? 'no_stream' : BigInt(revision);
  }

  // LISTEN needs its own connection; when it drops, wake everyone (they poll) and reconnect.
  private async listen(): Promise<void> {
    this.listenRetry = undefined;
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    const retry = () => {
      if (this.listenClient === client) this.listenClient = undefined;
      client.end().catch(() => {});
      this.notifyLocal();
      if (!this.closed && !this.listenRetry) this.listenRetry = setTimeout(() => void this.listen(), 1000);
    };
    client.on('error', retry);
    client.on('notification', () => this.notifyLocal());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listenClient = client;
      client.on('end', retry);
    } catch {
      retry();
    }
  }
}

function connectionLost(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (code !== undefined && CONNECTION_LOST_CODES.has(code)) || /^Connection terminated/.test(message ?? '');
}

function toRecorded(row: EventRow): RecordedEvent {
  // Added to the new object rather than spread into a copy of it: a rebuild reads a million of these.
  const event = toStored(row) as RecordedEvent;
  event.metadata = row.metadata;
  return event;
}

function toStored(row: Omit<EventRow, 'metadata'>): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.global_position) },
    type: row.type,
    data: row.data,
  };
}
