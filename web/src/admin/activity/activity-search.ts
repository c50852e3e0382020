import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from '@shared/audit/constants';

// The activity page's filters in the URL (?actor=&entityType=&action=&from=&to=&search=), so a
// link or a reload shows the same timeline. The route validates with this, so it imports nothing
// heavy: it is part of the route tree shoppers download.

export interface ActivitySearch {
  /** An admin's id, a provider's name, or a kind of actor (admin, shopper, payment, system). */
  actor?: string;
  entityType?: AuditEntityType;
  action?: AuditAction;
  /** Days (YYYY-MM-DD) in the admin's timezone, both included. */
  from?: string;
  to?: string;
  search?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTOR = /^[\w.:-]{1,100}$/;

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Keeps what the page understands; a range given backwards is turned around. */
export function parseActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  const search: ActivitySearch = {};
  if (typeof raw.actor === 'string' && ACTOR.test(raw.actor)) search.actor = raw.actor;
  if ((AUDIT_ENTITY_TYPES as readonly unknown[]).includes(raw.entityType))
    search.entityType = raw.entityType as AuditEntityType;
  if ((AUDIT_ACTIONS as readonly unknown[]).includes(raw.action)) search.action = raw.action as AuditAction;
  let from = isDay(raw.from) ? raw.from : undefined;
  let to = isDay(raw.to) ? raw.to : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  if (from) search.from = from;
  if (to) search.to = to;
  const text = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim() : '';
  if (text) search.search = text.slice(0, 200);
  return search;
}

/** Whether anything narrows the timeline. */
export const isFiltered = (search: ActivitySearch) => Object.values(search).some((value) => value !== undefined);
