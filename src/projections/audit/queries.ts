import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { AUDIT_ACTOR_TYPES, type AuditEntry, type AuditFilter, type AuditPage } from '../../shared/audit';
import type { AuditEntryRow, AuditTables } from './rows';

// Every read of the audit trail: the back office's pages (newest first, by log position, with an
// opaque cursor) and the CSV, which walks the same order page by page.

type Db = Kysely<AuditTables>;
type Query = SelectQueryBuilder<AuditTables, 'audit_entries', object>;

/**
 * Where a page ended: the last entry's log position, and its id, since the entries one event makes
 * share its position (a paid renewal's on the orders it renews). Cursors handed out before then
 * carry no id: the page goes on after the whole position.
 */
interface Cursor {
  commit: string;
  prepare: string;
  id?: string;
}

const DIGITS = /^\d{1,20}$/;

export function encodeCursor(row: Pick<AuditEntryRow, 'position_commit' | 'position_prepare' | 'id'>): string {
  return Buffer.from(`${row.position_commit}/${row.position_prepare}/${row.id}`).toString('base64url');
}

/** The position a cursor names, or undefined for text this list never handed out. */
export function decodeCursor(cursor: string): Cursor | undefined {
  const [commit, prepare, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('/');
  if (rest.length || !commit || !prepare || !DIGITS.test(commit) || !DIGITS.test(prepare) || id === '')
    return undefined;
  return { commit, prepare, ...(id !== undefined && { id }) };
}

const cursorOf = (row: AuditEntryRow): Cursor => ({
  commit: row.position_commit,
  prepare: row.position_prepare,
  id: row.id,
});

/** The list's order: newest first by log position, an event's entries by id within it. */
export function newestFirst<Q extends Query>(query: Q): Q {
  return query.orderBy('position_commit', 'desc').orderBy('position_prepare', 'desc').orderBy('id', 'desc') as Q;
}

/** The search expression, spelled as migration 020's trigram index is (ids are searched from their start). */
const searchText = sql<string>`lower(entity_label || ' ' || coalesce(actor_name, '') || ' ' || action)`;

function filtered(db: Db, filter: AuditFilter): Query {
  let query = db.selectFrom('audit_entries');
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  if (filter.actor) {
    // A kind of actor (admin, shopper, payment, system), or one actor by id (an admin's, a provider's name).
    const kind = AUDIT_ACTOR_TYPES.find((type) => type === filter.actor);
    query = kind ? query.where('actor_type', '=', kind) : query.where('actor_id', '=', filter.actor);
  }
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('occurred_at', '<=', filter.to);
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const literal = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where((eb) =>
      eb.or([eb(searchText, 'like', `%${literal}%`), eb('entity_id', 'like', `${literal}%`)]),
    );
  }
  return query;
}

function page(query: Query, after: Cursor | undefined, limit: number) {
  let q = query;
  if (after)
    q = q.where((eb) => {
      const samePlace = [eb('position_commit', '=', after.commit), eb('position_prepare', '=', after.prepare)];
      return eb.or([
        eb('position_commit', '<', after.commit),
        eb.and([eb('position_commit', '=', after.commit), eb('position_prepare', '<', after.prepare)]),
        ...(after.id === undefined ? [] : [eb.and([...samePlace, eb('id', '<', after.id)])]),
      ]);
    });
  return newestFirst(q.selectAll()).limit(limit).execute();
}

export async function listAudit(
  db: Db,
  filter: AuditFilter,
  options: { cursor?: Cursor; limit: number },
): Promise<AuditPage> {
  // One more than asked: whether there is a next page, without counting.
  const rows = await page(filtered(db, filter), options.cursor, options.limit + 1);
  const more = rows.length > options.limit;
  const shown = more ? rows.slice(0, options.limit) : rows;
  const last = shown[shown.length - 1];
  return { entries: shown.map(toAuditEntry), nextCursor: more && last ? encodeCursor(last) : null };
}

/** Every entry the filter keeps, newest first, read a page at a time as the consumer takes them. */
export async function* allAudit(db: Db, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  const size = 1000;
  let after: Cursor | undefined;
  for (;;) {
    const rows = await page(filtered(db, filter), after, size);
    const more = rows.length === size;
    const last = rows[rows.length - 1];
    if (last) after = cursorOf(last);
    // Handed over one at a time and let go of as they go (as the orders' CSV does).
    rows.reverse();
    for (let row = rows.pop(); row; row = rows.pop()) yield toAuditEntry(row);
    if (!more) return;
  }
}

export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.occurred_at).toISOString(),
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    action: row.action,
    entity: { type: row.entity_type, id: row.entity_id, label: row.entity_label, version: row.entity_version },
    changes: row.changes,
    correlationId: row.correlation_id,
    // Only a restore's entry names the version it brought back.
    ...(row.restored_version === null ? {} : { restoredVersion: row.restored_version }),
  };
}
