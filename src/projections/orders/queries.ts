import { sql, type Kysely } from 'kysely';
import type { AdminOrderView, OrderStatus } from '../../shared/ordering';
import type { OrderRow, OrdersTables } from './rows';

// Every read of the orders read model: the admin lists, the customers derived from orders, the
// dashboard's figures, the shopper's order and the pending checkouts.

export interface OrderFilter {
  search?: string;
  status?: OrderStatus | 'all';
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

function filtered(db: Kysely<OrdersTables>, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.status && filter.status !== 'all') query = query.where('status', '=', filter.status);
  const search = filter.search?.trim();
  if (search) {
    const pattern = containing(search);
    const digits = phoneDigits(search);
    const number = orderNumber(search);
    query = query.where((eb) =>
      eb.or([
        // A number is looked for among order numbers, not inside ids: a UUID holds digits everywhere.
        number === undefined ? eb('id', 'ilike', pattern) : eb('number', '=', number),
        eb('customer_name', 'ilike', pattern),
        eb('customer_email', 'ilike', pattern),
        ...(digits ? [eb('phone', 'like', containing(digits))] : []),
      ]),
    );
  }
  return query;
}

export async function listOrders(db: Kysely<OrdersTables>, filter: OrderFilter, page: Page) {
  const base = filtered(db, filter);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { orders: rows.map(toAdminOrder), pagination: pagination(page, Number(total.count)) };
}

/** Every matching order, newest first, for the CSV export (streamed by the caller in pages). */
export async function* allOrders(db: Kysely<OrdersTables>, filter: OrderFilter): AsyncGenerator<OrderRow> {
  const size = 1000;
  for (let page = 1; ; page++) {
    const rows = await filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    yield* rows;
    if (rows.length < size) return;
  }
}

export function findOrder(db: Kysely<OrdersTables>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
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

function pagination(page: Page, total: number) {
  return { page: page.page, limit: page.limit, total, totalPages: Math.max(1, Math.ceil(total / page.limit)) };
}

export interface CustomerView {
  id: string;
  name: string;
  email: string;
  phone: string;
  orders: number;
  totalSpent: number;
  joinDate: string;
}

type CustomerRow = Omit<CustomerView, 'totalSpent'> & { totalSpent: string; total_count: string };

// A customer is a phone number: shoppers have no accounts, and checkout asks for nothing else.
const customersQuery = (search?: string) => {
  const text = search?.trim();
  const pattern = text ? containing(text) : undefined;
  const digits = text ? phoneDigits(text) : undefined;
  return sql<CustomerRow>`
    WITH customers AS (
      SELECT phone,
             (array_agg(customer_name ORDER BY created_at DESC))[1] AS name,
             (array_agg(customer_email ORDER BY created_at DESC))[1] AS email,
             count(*)::int AS orders,
             coalesce(sum(total_amount) FILTER (WHERE paid_at IS NOT NULL), 0)::bigint AS "totalSpent",
             min(created_at) AS "joinDate"
      FROM orders GROUP BY phone
    )
    SELECT phone AS id, name, email, phone, orders, "totalSpent", "joinDate", count(*) OVER () AS total_count
    FROM customers
    ${pattern ? sql`WHERE name ILIKE ${pattern} OR email ILIKE ${pattern} ${digits ? sql`OR phone LIKE ${containing(digits)}` : sql``}` : sql``}
    ORDER BY "joinDate" DESC, phone`;
};

export async function listCustomers(db: Kysely<OrdersTables>, search: string | undefined, page: Page) {
  const query = customersQuery(search);
  const { rows } = await sql<CustomerRow>`${query} LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`.execute(
    db,
  );
  const total = Number(rows[0]?.total_count ?? (page.page > 1 ? await countCustomers(db, search) : 0));
  return { customers: rows.map(toCustomer), pagination: pagination(page, total) };
}

export async function allCustomers(db: Kysely<OrdersTables>, search?: string): Promise<CustomerView[]> {
  const { rows } = await customersQuery(search).execute(db);
  return rows.map(toCustomer);
}

async function countCustomers(db: Kysely<OrdersTables>, search?: string): Promise<number> {
  return (await allCustomers(db, search)).length;
}

function toCustomer(row: CustomerRow): CustomerView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    orders: row.orders,
    totalSpent: moneySum(row.totalSpent),
    joinDate: new Date(row.joinDate).toISOString(),
  };
}

export interface OrderFigures {
  ordersCount: number;
  dispatchedOrdersCount: number;
  revenue: number;
}

/** Figures over orders placed (or, for revenue, paid) in [from, to). */
export async function orderFigures(db: Kysely<OrdersTables>, from: Date, to: Date): Promise<OrderFigures> {
  const { rows } = await sql<Omit<OrderFigures, 'revenue'> & { revenue: string }>`
    SELECT count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to})::int AS "ordersCount",
           count(*) FILTER (WHERE status = 'dispatched' AND created_at >= ${from} AND created_at < ${to})::int AS "dispatchedOrdersCount",
           coalesce(sum(total_amount) FILTER (WHERE paid_at >= ${from} AND paid_at < ${to}), 0)::bigint AS revenue
    FROM orders`.execute(db);
  const row = rows[0]!;
  return { ...row, revenue: moneySum(row.revenue) };
}

export async function totals(db: Kysely<OrdersTables>): Promise<OrderFigures> {
  return orderFigures(db, new Date(0), new Date(8.64e15));
}

/** Paid revenue per day (Africa/Algiers calendar days) from `from`, every day present. */
export async function revenueByDay(
  db: Kysely<OrdersTables>,
  from: Date,
  days: number,
): Promise<{ date: string; revenue: number; orders: number }[]> {
  const { rows } = await sql<{ date: string; revenue: string; orders: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS date,
           coalesce(sum(o.total_amount), 0)::bigint AS revenue,
           count(o.id)::int AS orders
    FROM generate_series((${from}::timestamptz AT TIME ZONE 'Africa/Algiers')::date, (${from}::timestamptz AT TIME ZONE 'Africa/Algiers')::date + ${days - 1}::int, interval '1 day') AS day
    LEFT JOIN orders o ON o.paid_at IS NOT NULL AND (o.paid_at AT TIME ZONE 'Africa/Algiers')::date = day::date
    GROUP BY day ORDER BY day`.execute(db);
  return rows.map((row) => ({ ...row, revenue: moneySum(row.revenue) }));
}

export async function recentOrders(db: Kysely<OrdersTables>, limit = 5) {
  const rows = await db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toAdminOrder);
}

/** SPEC §3 'Order (admin)', plus what the list and the detail show. */
export function toAdminOrder(row: OrderRow): AdminOrderView {
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
  };
}

/** The items of an order as SPEC §3 lists them for the admin detail. */
export function toAdminItems(row: OrderRow) {
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
