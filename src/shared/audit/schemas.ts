import { z } from 'zod';
import { text } from '../text/schemas';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  AUDIT_SEARCH_MAX,
  auditMessages,
} from './constants';

// The audit API's query parameters (GET /api/admin/audit and /api/admin/audit.csv).

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD) or an ISO date and time, as an instant: a day's start, or its end for `to`. */
const instant = (edge: 'start' | 'end') =>
  text({ field: 'Date', max: 40 })
    .refine((value) => !Number.isNaN(Date.parse(value)), auditMessages.date)
    .transform((value) => {
      if (!DAY.test(value)) return new Date(value).toISOString();
      const day = new Date(`${value}T00:00:00.000Z`);
      return edge === 'start' ? day.toISOString() : new Date(day.getTime() + 86_400_000 - 1).toISOString();
    });

export const auditFilterSchema = z
  .object({
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: auditMessages.entityType }).optional(),
    entityId: text({ field: 'entityId', max: 200 }).optional(),
    actor: text({ field: 'actor', max: 200 }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: auditMessages.action }).optional(),
    from: instant('start').optional(),
    to: instant('end').optional(),
    q: text({ field: 'Search', max: AUDIT_SEARCH_MAX }).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: auditMessages.range, path: ['from'] });

export const auditPageSchema = z.object({
  cursor: text({ field: 'cursor', max: 200 }).optional(),
  limit: z.coerce
    .number({ error: auditMessages.limit })
    .int(auditMessages.limit)
    .min(1, auditMessages.limit)
    .max(AUDIT_PAGE_MAX, auditMessages.limit)
    .default(AUDIT_PAGE_DEFAULT),
});

/** Query parameters with the empty ones (a cleared filter in the URL) left out: they filter nothing. */
export function withoutBlanks(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}
