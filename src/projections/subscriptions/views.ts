import { sql, type Kysely, type RawBuilder } from 'kysely';
import { TRIAL_DURATION, givenName, normalisePhone } from '../../shared/ordering/constants';
import {
  EXPIRED_VIEW_DAYS,
  REMINDER_STEPS,
  daysLeft,
  subscriptionStatusAt,
} from '../../shared/subscriptions/constants';
import type {
  AdminSubscriptionPage,
  AdminSubscriptionRowView,
  ReminderStep,
  SubscriptionStatus,
  SubscriptionView,
} from '../../shared/subscriptions/types';
import type { SubscriptionsTables } from './rows';

// The subscriptions screen's reads (docs/product.md#subscriptions-screen): a view at a given time,
// a search, a page. Each row is joined with its order (the orders read model's phone, number, name
// and language) and its latest reminder. Expiry is worked out from `now`, never stored.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionQuery {
  view: SubscriptionView;
  search?: string;
  now: Date;
  expiringWithinMs: number;
}

interface ScreenRow {
  id: string;
  order_id: string;
  number: number;
  phone: string;
  customer_name: string;
  language: string | null;
  package_name: string;
  duration: string;
  status: SubscriptionStatus;
  starts_at: Date | null;
  ends_at: Date | null;
  reminder_step: ReminderStep | null;
  reminder_at: Date | null;
  reminder_by: string | null;
  reminder_by_name: string | null;
}

/** Which rows a view holds, and in which order (the soonest to act on first). */
function viewOf({ view, now, expiringWithinMs }: SubscriptionQuery): {
  where: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
} {
  const soon = new Date(now.getTime() + expiringWithinMs);
  const since = new Date(now.getTime() - EXPIRED_VIEW_DAYS * DAY_MS);
  switch (view) {
    case 'awaiting':
      return { where: sql`s.status = 'awaiting_delivery'`, order: sql`s.created_at, s.id` };
    case 'active':
      return {
        where: sql`s.status = 'active' AND (s.ends_at IS NULL OR s.ends_at > ${now})`,
        order: sql`s.ends_at NULLS LAST, s.id`,
      };
    case 'expiring':
      return {
        where: sql`s.status = 'active' AND s.ends_at > ${now} AND s.ends_at <= ${soon}`,
        order: sql`s.ends_at, s.id`,
      };
    case 'expired':
      return {
        where: sql`s.status = 'active' AND s.ends_at <= ${now} AND s.ends_at > ${since}`,
        order: sql`s.ends_at DESC, s.id`,
      };
    // A deleted order's subscriptions are cancelled and its row leaves orders: the rows' join
    // leaves them out, and so must the count, which joins no order.
    case 'cancelled':
      return {
        where: sql`s.status = 'cancelled' AND EXISTS (SELECT 1 FROM orders kept WHERE kept.id = s.order_id)`,
        order: sql`s.created_at DESC, s.id`,
      };
  }
}

/**
 * A search names an order (1042, #1042), a phone (as typed, spaces and all) or part of a package's
 * name. The orders a phone or a number names are looked up first, and their subscriptions read by
 * their order's id, so that either side of the OR reads an index of subscriptions (subscriptions_order,
 * the package name's trigrams): asked of the joined order, the OR read both tables whole
 * (docs/benchmarks.md#subscriptions-bench).
 */
function searchOf(search: string | undefined): RawBuilder<unknown> {
  const text = search?.trim();
  if (!text) return sql`true`;
  const number = /^#?\s*(\d{1,9})$/.exec(text)?.[1];
  const phone = normalisePhone(text);
  const byName = sql`lower(s.package_name) LIKE ${`%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`;
  const ofOrders = (which: RawBuilder<unknown>) =>
    sql`(s.order_id = ANY(ARRAY(SELECT id FROM orders WHERE ${which})) OR ${byName})`;
  if (/^0\d{9}$/.test(phone)) return ofOrders(sql`phone = ${phone}`);
  if (number !== undefined) return ofOrders(sql`number = ${Number(number)}`);
  return byName;
}

function rowsOf(db: Kysely<SubscriptionsTables>, query: SubscriptionQuery, limit: number, offset: number) {
  const { where, order } = viewOf(query);
  return screenRows(db, sql`${where} AND ${searchOf(query.search)}`, order, limit, offset);
}

function screenRows(
  db: Kysely<SubscriptionsTables>,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit: number,
  offset: number,
) {
  return sql<ScreenRow>`
    SELECT s.id, s.order_id, o.number, o.phone, o.customer_name, o.language, s.package_name, s.duration, s.status,
           s.starts_at, s.ends_at, r.step AS reminder_step, r.at AS reminder_at, r.by AS reminder_by,
           u.name AS reminder_by_name
    FROM subscriptions s
    JOIN orders o ON o.id = s.order_id
    LEFT JOIN LATERAL (
      SELECT step, at, by FROM subscription_reminders WHERE subscription_id = s.id
      ORDER BY at DESC, array_position(${sql.raw(`ARRAY[${REMINDER_STEPS.map((step) => `'${step}'`).join(',')}]`)}, step) DESC
      LIMIT 1
    ) r ON true
    LEFT JOIN admin_users u ON u.id = r.by
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toRowView(
  row: ScreenRow,
  query: Pick<SubscriptionQuery, 'now' | 'expiringWithinMs'>,
): AdminSubscriptionRowView {
  const endsAt = iso(row.ends_at);
  const name = row.customer_name.trim();
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.number,
    phone: row.phone,
    customerName: givenName(name),
    language: row.language,
    packageName: row.package_name,
    duration: row.duration,
    status: subscriptionStatusAt(row.status, endsAt, query.now, query.expiringWithinMs),
    startsAt: iso(row.starts_at),
    endsAt,
    daysLeft: daysLeft(endsAt, query.now),
    lastReminder:
      row.reminder_step && row.reminder_at && row.reminder_by
        ? {
            step: row.reminder_step,
            at: iso(row.reminder_at)!,
            by: row.reminder_by,
            byName: row.reminder_by_name ?? row.reminder_by,
          }
        : null,
  };
}

/** One page of a view, with the count of the whole view for the pagination. */
export async function listSubscriptions(
  db: Kysely<SubscriptionsTables>,
  query: SubscriptionQuery,
  page: { page: number; limit: number },
): Promise<AdminSubscriptionPage> {
  const { where } = viewOf(query);
  // The count reads subscriptions alone: neither a view nor a search asks for the joined order.
  const [{ rows }, counted] = await Promise.all([
    rowsOf(db, query, page.limit, (page.page - 1) * page.limit),
    sql<{ total: string }>`
      SELECT count(*) AS total FROM subscriptions s WHERE ${where} AND ${searchOf(query.search)}`.execute(db),
  ]);
  const total = Number(counted.rows[0]?.total ?? 0);
  return {
    subscriptions: rows.map((row) => toRowView(row, query)),
    pagination: { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) },
  };
}

/** Every row of a view, page by page (the CSV export). */
export async function* allSubscriptions(
  db: Kysely<SubscriptionsTables>,
  query: SubscriptionQuery,
): AsyncGenerator<AdminSubscriptionRowView> {
  const size = 1000;
  for (let offset = 0; ; offset += size) {
    const { rows } = await rowsOf(db, query, size, offset);
    for (const row of rows) yield toRowView(row, query);
    if (rows.length < size) return;
  }
}

/** Whether the subscription exists, is delivered and has an end: only then is there something to remind. */
export async function remindable(
  db: Kysely<SubscriptionsTables>,
  subscriptionId: string,
): Promise<{ orderId: string; remindable: boolean } | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['order_id', 'status', 'ends_at'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return row && { orderId: row.order_id, remindable: row.status === 'active' && row.ends_at !== null };
}

/** Every subscription of a customer (a phone), newest first, as the screen shows them at `now` (their page). */
export async function customerSubscriptions(
  db: Kysely<SubscriptionsTables>,
  phone: string,
  at: Pick<SubscriptionQuery, 'now' | 'expiringWithinMs'>,
): Promise<AdminSubscriptionRowView[]> {
  const { rows } = await screenRows(db, sql`o.phone = ${phone}`, sql`s.created_at DESC, s.id`, 500, 0);
  return rows.map((row) => toRowView(row, at));
}

/**
 * A renewal `r` of a paid term. A free trial's term is no term to renew (docs/product.md#free-trials):
 * neither its end nor the first renewal after it (a trial turned paid) counts in the renewal rate.
 */
const renewedPaidTerm = sql`NOT (
  EXISTS (SELECT 1 FROM subscriptions t WHERE t.id = r.subscription_id AND t.duration = ${TRIAL_DURATION})
  AND NOT EXISTS (SELECT 1 FROM subscription_renewals e WHERE e.subscription_id = r.subscription_id AND e.paid_at < r.paid_at))`;

/** How long after its end a renewal still counts as one in time (the renewal rate). */
const RENEWAL_GRACE_MS = 7 * DAY_MS;

/** The dashboard's subscription figures at `now`, the renewals over [from, now]. */
export interface SubscriptionFigures {
  activeSubscriptionsCount: number;
  expiringSubscriptionsCount: number;
  /**
   * Of the paid subscription terms that ended in the range, the share renewed before their end or
   * within 7 days after it (0..1), or null when none ended. Free trials' terms are not among them.
   */
  renewalRate: number | null;
  /** What renewals paid in the range, in dinars. */
  renewalRevenue: number;
}

export async function subscriptionFigures(
  db: Kysely<SubscriptionsTables>,
  at: Pick<SubscriptionQuery, 'now' | 'expiringWithinMs'>,
  from: Date,
): Promise<SubscriptionFigures> {
  const { now, expiringWithinMs } = at;
  const soon = new Date(now.getTime() + expiringWithinMs);
  const grace = `${RENEWAL_GRACE_MS / 1000} seconds`;
  const { rows } = await sql<{
    active: string;
    expiring: string;
    ended_unrenewed: string;
    renewed_in_time: string;
    renewed_late: string;
    revenue: string;
  }>`
    SELECT
      -- Two ranges of the active index, each read alone: as one OR, every active row's end was read.
      (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at > ${now})
        + (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at IS NULL) AS active,
      (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at > ${now} AND ends_at <= ${soon}) AS expiring,
      (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at >= ${from} AND ends_at <= ${now}
         AND duration <> ${TRIAL_DURATION}) AS ended_unrenewed,
      (SELECT count(*) FROM subscription_renewals r WHERE previous_end >= ${from} AND previous_end <= ${now}
         AND paid_at <= previous_end + ${grace}::interval AND ${renewedPaidTerm}) AS renewed_in_time,
      (SELECT count(*) FROM subscription_renewals r WHERE previous_end >= ${from} AND previous_end <= ${now}
         AND paid_at > previous_end + ${grace}::interval AND ${renewedPaidTerm}) AS renewed_late,
      (SELECT coalesce(sum(amount), 0) FROM subscription_renewals WHERE paid_at >= ${from} AND paid_at <= ${now}) AS revenue`.execute(
    db,
  );
  const row = rows[0]!;
  const renewed = Number(row.renewed_in_time);
  const ended = renewed + Number(row.renewed_late) + Number(row.ended_unrenewed);
  return {
    activeSubscriptionsCount: Number(row.active),
    expiringSubscriptionsCount: Number(row.expiring),
    renewalRate: ended ? renewed / ended : null,
    renewalRevenue: Number(row.revenue),
  };
}
