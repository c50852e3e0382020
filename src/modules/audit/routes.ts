import { Router } from 'express';
import type { AppContext, ModuleRoutes } from '../../context';
import { sendCsv, type CsvColumn } from '../../platform/http/csv';
import { HttpError } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { AUDIT_PROJECTION, allAudit, decodeCursor, listAudit } from '../../projections/audit';
import {
  auditFilterSchema,
  auditMessages,
  auditPageSchema,
  withoutBlanks,
  type AuditChange,
  type AuditEntry,
  type AuditValue,
} from '../../shared/audit';

// The audit trail's HTTP routes (admins only): the list, newest first with a cursor, and the same
// filters as a streamed CSV.

/** How long a read waits for the trail to show what was just done (the admin's own last change). */
const FRESH_WITHIN_MS = 2000;

export function auditRoutes(ctx: AppContext): ModuleRoutes {
  const router = Router();
  // An admin who just acted sees it: the trail is read once it reached the log's head (bounded wait).
  const caughtUp = async () =>
    ctx.runner.waitFor(await ctx.store.lastCommittedPosition(), {
      projections: [AUDIT_PROJECTION],
      timeoutMs: FRESH_WITHIN_MS,
    });

  router.get('/audit', async (req, res) => {
    const query = withoutBlanks(req.query);
    const filter = parseInput(auditFilterSchema, query);
    const { cursor, limit } = parseInput(auditPageSchema, query);
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && !after) throw new HttpError(400, auditMessages.cursor);
    await caughtUp();
    res.json(await listAudit(ctx.db, filter, { cursor: after, limit }));
  });

  router.get('/audit.csv', async (req, res) => {
    const filter = parseInput(auditFilterSchema, withoutBlanks(req.query));
    await caughtUp();
    const stamp = new Date().toISOString().slice(0, 10);
    await sendCsv(res, `audit-${stamp}.csv`, AUDIT_COLUMNS, allAudit(ctx.db, filter));
  });

  return { admin: router };
}

const valueText = (value: AuditValue): string =>
  value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
const changeText = (c: AuditChange) => `${c.field}: ${valueText(c.before)} → ${valueText(c.after)}`;

const AUDIT_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'Time', value: (e) => e.at },
  { header: 'Actor type', value: (e) => e.actor.type },
  { header: 'Actor id', value: (e) => e.actor.id },
  { header: 'Actor', value: (e) => e.actor.name },
  { header: 'Action', value: (e) => e.action },
  { header: 'Entity type', value: (e) => e.entity.type },
  { header: 'Entity id', value: (e) => e.entity.id },
  { header: 'Entity', value: (e) => e.entity.label },
  { header: 'Version', value: (e) => e.entity.version },
  { header: 'Restored version', value: (e) => e.restoredVersion },
  { header: 'Changes', value: (e) => e.changes.map(changeText).join('; ') },
  { header: 'Request', value: (e) => e.correlationId },
];
