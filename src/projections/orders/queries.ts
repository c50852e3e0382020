import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type StringReference } from 'kysely';
import type {
  AdminOrderDetailView,
  AdminOrderItemView,
  AdminOrderListItem,
  AdminOrderPage,
  AdminOrderView,
  CustomerPage,
  CustomerView,
  OrderStatus,
  Pagination,
} from '../../shared/ordering';
import { compiledOnce } from '../../platform/db/compiled-once';
import { awaitsDelivery, ordersAwaitingDelivery, type SubscriptionsTables } from '../subscriptions';
import type { CustomerRow, OrderRow, OrdersTables } from './rows';

// Every read of the orders read model: the admin lists, the customers (summed from the orders), the
// dashboard's figures, the shopper's order and the pending checkouts.

export interface OrderFilter {
  search?: string;
  status?: OrderStatus | 'all';
  /** Only orders with a subscription awaiting its activation details. */
  awaitingDelivery?: boolean;
}

export interface Page {
  page: number;
  limit: number;
}

/** LIKE pattern matching the text literally (a search for '50%' finds "50%", not everything). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Phones are stored as digits. A search that looks like a phone (digits written with spaces, +, -,
 * dots or parentheses, three digits at least) is looked for by its digits; any other search is not
 * looked for in phones at all, so 'acc-12@example.com' does not find every phone holding 12.
 */
function phoneDigits(search: string): string | undefined {
  if (!/^[\d\s+().-]+$/.test(search)) return undefined;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : undefined;
}

/**
 * A money sum as a number. Sums stay bigint in SQL (sum of integers is bigint; a cast to int
 * overflowed past 2^31 Da and answered 500); pg hands bigint over as text. The number is exact:
 * the store's sums stay far below 2^53 (at most ORDER_TOTAL_MAX per order).
 */
function moneySum(value: string | number): number {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount)) throw new Error(`A money sum is past what a number holds exactly: ${value}`);
  return amount;
}

/** A search that is an order number as people say it (1042 or #1042) names that order. */
function orderNumber(search: string): number | undefined {
  // Nine digits at most: beyond, no order has it and the integer column could not hold it.
  const digits = /^#?\s*(\d{1,9})$/.exec(search)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * The column holds the pattern, whatever the case. Asked of lower(column), which is what the
 * trigram indexes hold (migration 012).
 */
function holds<TB extends keyof OrdersTables>(
  eb: ExpressionBuilder<OrdersTables, TB>,
  column: StringReference<OrdersTables, TB>,
  pattern: string,
) {
  return eb(eb.fn<string>('lower', [column]), 'ilike', pattern);
}

const withSubscriptions = (db: Kysely<OrdersTables>) => db as unknown as Kysely<SubscriptionsTables>;

function filtered(db: Kysely<OrdersTables>, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.status && filter.status !== 'all') query = query.where('status', '=', filter.status);
  // The subscriptions read model lives in the same database (projections/database.ts).
  if (filter.awaitingDelivery) query = query.where('id', 'in', ordersAwaitingDelivery(withSubscriptions(db)));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containing(search);
    const digits = phoneDigits(search);
    const number = orderNumber(search);
    query = query.where((eb) =>
      eb.or([
        // A number is looked for among order numbers, not inside ids: a UUID holds digits everywhere.
        number === undefined ? holds(eb, 'id', pattern) : eb('number', '=', number),
        holds(eb, 'customer_name', pattern),
        holds(eb, 'customer_email', pattern),
        ...(digits ? [holds(eb, 'phone', containing(digits))] : []),
      ]),
    );
  }
  return query;
}

/**
 * The columns an admin list shows (toAdminOrder): not the items (a JSON array per order, parsed for
 * nothing) nor the provider's columns. A page of 10 costs the store a third less to read, 50 half.
 */
const LIST_COLUMNS = [
  'id',
  'number',
  'customer_name',
  'customer_email',
  'phone',
  'total_amount',
  'status',
  'requested_method',
  'payment_method',
  'created_at',
  'paid_at',
  'version',
  'restored_at',
  'payment_mismatch',
  'renewal_of_number',
  'refund',
  'trial',
] as const;

/** An order as a list reads it. */
export type OrderListRow = Pick<OrderRow, (typeof LIST_COLUMNS)[number]>;

export async function listOrders(db: Kysely<OrdersTables>, filter: OrderFilter, page: Page): Promise<AdminOrderPage> {
  const search = filter.search?.trim();
  const status = filter.status === 'all' ? undefined : filter.status;
  const { items, pagination } = await readPage(page, 'id', toAdminOrderListItem, (limit, offset) =>
    search || filter.awaitingDelivery
      ? orderPageQuery(
          db,
          filtered(db, { status, search, awaitingDelivery: filter.awaitingDelivery }),
          limit,
          offset,
        ).execute()
      : status
        ? orderPageByStatus(db, status, limit, offset)
        : orderPageOfAll(db, limit, offset),
  );
  return { orders: items, pagination };
}

const orderPageQuery = (
  db: Kysely<OrdersTables>,
  matching: SelectQueryBuilder<OrdersTables, 'orders', object>,
  limit: number,
  offset: number,
) =>
  pageWithTotal(
    db,
    matching,
    matching
      .select(LIST_COLUMNS)
      // Asked of the page's rows only: the list's badge, in the same statement.
      .select(awaitsDelivery('orders.id').as('awaiting_delivery'))
      .orderBy('created_at', 'desc')
      .orderBy('id'),
    limit,
    offset,
  );

// The lists as an admin opens them, and filtered by status: their SQL is the same whatever the
// page, so it is compiled once and prepared (compiledOnce); a search's depends on what it looks like.
const orderPageOfAll = compiledOnce(2, (db: Kysely<OrdersTables>, limit: number, offset: number) =>
  orderPageQuery(db, filtered(db, {}), limit, offset),
);
const orderPageByStatus = compiledOnce(
  3,
  (db: Kysely<OrdersTables>, status: OrderStatus, limit: number, offset: number) =>
    orderPageQuery(db, filtered(db, { status }), limit, offset),
);

/**
 * A page of `ordered` and how many rows `matching` holds, in one statement (the count, and the page
 * joined to it laterally): one round trip instead of two, and a total that counts the very
 * snapshot the rows come from. An empty page is the count's row alone, its `key` null (readPage).
 */
function pageWithTotal<TB extends keyof OrdersTables, Row extends Record<string, unknown>>(
  db: Kysely<OrdersTables>,
  matching: SelectQueryBuilder<OrdersTables, TB, object>,
  ordered: SelectQueryBuilder<OrdersTables, TB, Row>,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom(matching.select((eb) => eb.fn.countAll<string>().as('total')).as('matching'))
    .leftJoinLateral(ordered.limit(limit).offset(offset).as('page'), (join) => join.onTrue())
    .selectAll('page')
    .select('matching.total');
}

/**
 * Reads a page with pageWithTotal's statement (`read`, given its LIMIT and OFFSET): its items, each
 * row's page columns (non-null once the page has any) as `toItem` makes them, and its pagination.
 */
async function readPage<Row extends object, Item>(
  page: Page,
  key: keyof Row & string,
  toItem: (row: Row) => Item,
  read: (limit: number, offset: number) => Promise<object[]>,
): Promise<{ items: Item[]; pagination: Pagination }> {
  const rows = (await read(page.limit, (page.page - 1) * page.limit)) as (Row & { total: string })[];
  const items = rows[0]![key] === null ? [] : rows.map(toItem);
  return { items, pagination: pagination(page, Number(rows[0]!.total)) };
}

/**
 * Every matching order, newest first, for the CSV export, read a page at a time: each page starts
 * after the last row of the one before (keyset, a range of the (created_at DESC, id) indexes), so
 * the 100th page costs what the first does, where OFFSET read and dropped every row before it.
 * created_at holds milliseconds (orders are placed at an event's `at`), which a Date keeps exactly.
 */
export async function* allOrders(db: Kysely<OrdersTables>, filter: OrderFilter): AsyncGenerator<OrderRow> {
  const size = 1000;
  let after: OrderRow | undefined;
  for (;;) {
    let query = filtered(db, filter);
    if (after) {
      const { created_at, id } = after;
      query = query.where((eb) =>
        eb.and([eb('created_at', '<=', created_at), eb.or([eb('created_at', '<', created_at), eb('id', '>', id)])]),
      );
    }
    const page = await query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(size).execute();
    const more = page.length === size;
    after = page[page.length - 1];
    // Handed over one at a time and let go of as they go: a page kept whole until its last row was
    // written lived through young-generation collections into the old one, which grew by about
    // 100 MB a download before a full collection (bench/admin).
    page.reverse();
    for (let row = page.pop(); row; row = page.pop()) yield row;
    if (!more) return;
  }
}

export function findOrder(db: Kysely<OrdersTables>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the admin's detail shows besides a list's columns: the items, the private link, what was sent to the shopper. */
const DETAIL_COLUMNS = ['items', 'access_sealed', 'language', 'whatsapp_sent_at', 'whatsapp_sent_by'] as const;

/** An order as the admin's detail shows it. */
export type OrderDetailRow = OrderListRow & Pick<OrderRow, (typeof DETAIL_COLUMNS)[number]>;

const orderDetailById = compiledOnce(1, (db: Kysely<OrdersTables>, id: string) =>
  db
    .selectFrom('orders')
    .select([...LIST_COLUMNS, ...DETAIL_COLUMNS])
    .where('id', '=', id),
);

const orderByAccessHash = compiledOnce(1, (db: Kysely<OrdersTables>, hash: string) =>
  db.selectFrom('orders').selectAll().where('access_hash', '=', hash),
);

/** The order whose private link token has this hash (modules/ordering/access.ts): the shopper's order page. */
export function findOrderByAccessHash(db: Kysely<OrdersTables>, hash: string): Promise<OrderRow | undefined> {
  return orderByAccessHash(db, hash).then(([order]) => order);
}

const orderByNumber = compiledOnce(1, (db: Kysely<OrdersTables>, number: number) =>
  db.selectFrom('orders').selectAll().where('number', '=', number),
);

/** The order people call #`number` (Find my order checks its phone). */
export function findOrderByNumber(db: Kysely<OrdersTables>, number: number): Promise<OrderRow | undefined> {
  return orderByNumber(db, number).then(([order]) => order);
}

/** The order an admin opens (compiled once: the back office's most frequent read, bench/admin). */
export function findOrderDetail(db: Kysely<OrdersTables>, id: string): Promise<OrderDetailRow | undefined> {
  return orderDetailById(db, id).then(([order]) => order);
}

export function findOrderByCheckout(db: Kysely<OrdersTables>, checkoutId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst();
}

/** The orders among `ids` that exist (the live push reads the rows a batch touched). */
export async function ordersByIds(db: Kysely<OrdersTables>, ids: string[]): Promise<OrderRow[]> {
  return ids.length ? db.selectFrom('orders').selectAll().where('id', 'in', ids).execute() : [];
}

export function pendingOrders(
  db: Kysely<OrdersTables>,
): Promise<Pick<OrderRow, 'id' | 'checkout_id' | 'created_at'>[]> {
  return db.selectFrom('orders').select(['id', 'checkout_id', 'created_at']).where('status', '=', 'pending').execute();
}

function pagination(page: Page, total: number): Pagination {
  return { page: page.page, limit: page.limit, total, totalPages: Math.max(1, Math.ceil(total / page.limit)) };
}

// A customer is a phone number: shoppers have no accounts, and checkout asks for nothing else. The
// customers table sums each phone's orders (customers.ts).
function customersMatching(db: Kysely<OrdersTables>, search: string | undefined) {
  const query = db.selectFrom('customers');
  const text = search?.trim();
  if (!text) return query;
  const pattern = containing(text);
  const digits = phoneDigits(text);
  return query.where((eb) =>
    eb.or([
      holds(eb, 'name', pattern),
      holds(eb, 'email', pattern),
      ...(digits ? [holds(eb, 'phone', containing(digits))] : []),
    ]),
  );
}

export async function listCustomers(
  db: Kysely<OrdersTables>,
  search: string | undefined,
  page: Page,
): Promise<CustomerPage> {
  const { items, pagination } = await readPage(page, 'phone', toCustomer, (limit, offset) =>
    search?.trim()
      ? customerPageQuery(db, customersMatching(db, search), limit, offset).execute()
      : customerPageOfAll(db, limit, offset),
  );
  return { customers: items, pagination };
}

const customerPageQuery = (
  db: Kysely<OrdersTables>,
  matching: SelectQueryBuilder<OrdersTables, 'customers', object>,
  limit: number,
  offset: number,
) => pageWithTotal(db, matching, matching.selectAll().orderBy('join_date', 'desc').orderBy('phone'), limit, offset);

const customerPageOfAll = compiledOnce(2, (db: Kysely<OrdersTables>, limit: number, offset: number) =>
  customerPageQuery(db, customersMatching(db, undefined), limit, offset),
);

export async function allCustomers(db: Kysely<OrdersTables>, search?: string): Promise<CustomerView[]> {
  const rows = await customersMatching(db, search).selectAll().orderBy('join_date', 'desc').orderBy('phone').execute();
  return rows.map(toCustomer);
}

/** The customer of this phone (digits as stored), or undefined when no order has it. */
export async function findCustomer(db: Kysely<OrdersTables>, phone: string): Promise<CustomerView | undefined> {
  const row = await db.selectFrom('customers').selectAll().where('phone', '=', phone).executeTakeFirst();
  return row && toCustomer(row);
}

/** A customer's orders, newest first (their page in the back office). */
export async function customerOrders(db: Kysely<OrdersTables>, phone: string, limit = 100): Promise<AdminOrderView[]> {
  const rows = await db
    .selectFrom('orders')
    .select([...LIST_COLUMNS])
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toAdminOrder);
}

function toCustomer(row: CustomerRow): CustomerView {
  return {
    id: row.phone,
    name: row.name,
    email: row.email,
    phone: row.phone,
    orders: row.orders_count,
    totalSpent: moneySum(row.total_spent),
    joinDate: new Date(row.join_date).toISOString(),
  };
}

export interface OrderFigures {
  ordersCount: number;
  dispatchedOrdersCount: number;
  revenue: number;
  /** Free trials among the orders (docs/product.md#free-trials). */
  trialsCount: number;
}

type FigureRow = Omit<OrderFigures, 'revenue'> & { revenue: string };

/** The totals of every order, and how many wait for an admin's decision on their payment. */
export type OrderTotals = OrderFigures & { paymentMismatchCount: number };

/**
 * Figures over orders placed (or, for revenue, paid) in [from, to): each a range of an index
 * (created_at, status and created_at, paid_at), not a pass over every order.
 */
export async function orderFigures(db: Kysely<OrdersTables>, from: Date, to: Date): Promise<OrderFigures> {
  const { rows } = await sql<FigureRow>`
    SELECT (SELECT count(*) FROM orders WHERE created_at >= ${from} AND created_at < ${to})::int AS "ordersCount",
           (SELECT count(*) FROM orders WHERE status = 'dispatched' AND created_at >= ${from} AND created_at < ${to})::int AS "dispatchedOrdersCount",
           (SELECT count(*) FROM orders WHERE trial AND created_at >= ${from} AND created_at < ${to})::int AS "trialsCount",
           (SELECT coalesce(sum(total_amount - refunded_amount), 0) FROM orders WHERE paid_at >= ${from} AND paid_at < ${to})::bigint AS revenue`.execute(
    db,
  );
  return figures(rows[0]!);
}

/**
 * Figures over every order: the counts from the (status) index, the revenue from the paid_at one
 * (an order awaiting a decision on its payment has no paid_at: it is counted apart, never as revenue).
 */
export async function totals(db: Kysely<OrdersTables>): Promise<OrderTotals> {
  const { rows } = await sql<FigureRow & { paymentMismatchCount: number }>`
    SELECT counts.*, (SELECT coalesce(sum(total_amount - refunded_amount), 0) FROM orders WHERE paid_at IS NOT NULL)::bigint AS revenue
    FROM (SELECT count(*)::int AS "ordersCount",
                 count(*) FILTER (WHERE status = 'dispatched')::int AS "dispatchedOrdersCount",
                 count(*) FILTER (WHERE status = 'payment_mismatch')::int AS "paymentMismatchCount",
                 count(*) FILTER (WHERE trial)::int AS "trialsCount"
          FROM orders) counts`.execute(db);
  const row = rows[0]!;
  return { ...figures(row), paymentMismatchCount: row.paymentMismatchCount };
}

const figures = (row: FigureRow): OrderFigures => ({ ...row, revenue: moneySum(row.revenue) });

/**
 * Paid revenue per day (Africa/Algiers calendar days) from `from`, every day present. The orders
 * are taken by a range of paid_at (from the first day's midnight to the one after the last), then
 * grouped by their day.
 */
export async function revenueByDay(
  db: Kysely<OrdersTables>,
  from: Date,
  days: number,
): Promise<{ date: string; revenue: number; orders: number }[]> {
  const { rows } = await sql<{ date: string; revenue: string; orders: number }>`
    WITH bounds AS (SELECT (${from}::timestamptz AT TIME ZONE 'Africa/Algiers')::date AS first_day),
    paid AS (
      SELECT (o.paid_at AT TIME ZONE 'Africa/Algiers')::date AS paid_day, sum(o.total_amount - o.refunded_amount) AS revenue, count(*) AS orders
      FROM orders o, bounds
      WHERE o.paid_at >= bounds.first_day::timestamp AT TIME ZONE 'Africa/Algiers'
        AND o.paid_at < (bounds.first_day + ${days}::int)::timestamp AT TIME ZONE 'Africa/Algiers'
      GROUP BY 1
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS date, coalesce(paid.revenue, 0)::bigint AS revenue, coalesce(paid.orders, 0)::int AS orders
    FROM bounds CROSS JOIN generate_series(bounds.first_day, bounds.first_day + ${days - 1}::int, interval '1 day') AS day
    LEFT JOIN paid ON paid.paid_day = day::date
    ORDER BY day`.execute(db);
  return rows.map((row) => ({ ...row, revenue: moneySum(row.revenue) }));
}

export async function recentOrders(db: Kysely<OrdersTables>, limit = 5) {
  const rows = await db.selectFrom('orders').select(LIST_COLUMNS).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toAdminOrder);
}

/** An order as admins see it (docs/product.md#orders), with what the list and the detail show. */
export function toAdminOrder(row: OrderListRow): AdminOrderView {
  return {
    id: row.id,
    number: row.number,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    phone: row.phone,
    total_amount: row.total_amount,
    status: row.status,
    payment_method: row.payment_method ?? row.requested_method,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    version: row.version,
    restored_at: row.restored_at ? new Date(row.restored_at).toISOString() : null,
    payment_mismatch: row.payment_mismatch,
    renewal_of_number: row.renewal_of_number,
    trial: row.trial,
    refund: row.refund,
  };
}

/** A row of the admin's orders list: the order, and whether a subscription of it awaits its details. */
function toAdminOrderListItem(row: OrderListRow & { awaiting_delivery: boolean }): AdminOrderListItem {
  return { ...toAdminOrder(row), awaiting_delivery: row.awaiting_delivery };
}

/** An order as the admin's detail shows it: the list's fields and its items. */
export function toAdminOrderDetail(row: OrderDetailRow): AdminOrderDetailView {
  return { ...toAdminOrder(row), items: toAdminItems(row) };
}

/** The items of an order as the admin detail lists them. */
function toAdminItems(row: Pick<OrderRow, 'id' | 'items'>): AdminOrderItemView[] {
  return row.items.map((line, index) => ({
    id: `${row.id}-${index + 1}`,
    product_id: line.productId,
    product_name: line.productName,
    selected_duration: line.duration,
    selected_price: line.unitPrice,
    quantity: line.quantity,
    subtotal: line.unitPrice * line.quantity,
  }));
}
