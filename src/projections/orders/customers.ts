import { sql, type Kysely } from 'kysely';
import type { OrderEvent } from '../../modules/ordering/events';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { Write } from '../../platform/projections/projection';
import type { OrdersTables } from './rows';

// The customers table, kept by the orders projection in the batch's own transaction: one row per
// phone (shoppers have no accounts; checkout asks for a phone), summing that phone's orders as the
// orders table holds them. The list of customers is then a page of an index, not a GROUP BY over
// every order per request.
//
// Each batch reads what the orders it touches contributed before its write and after it (an order
// it places contributed nothing before), and applies the difference: a new order adds to its phone,
// a payment adds its amount, a phone changed moves the order from one customer to the other, a
// deleted order leaves its customer. Counts and sums follow by addition; the first order (join
// date) and the latest (name and e-mail shown) cannot be taken back by subtraction, so a customer
// who lost an order but keeps others is summed again from its orders (rare: a deletion or a
// corrected phone). Reads go by primary key but that one, so a rebuild, whose shadow tables have
// only their primary keys while it replays, stays linear.

/** What one order adds to its customer. */
interface Contribution {
  id: string;
  phone: string;
  name: string;
  email: string;
  /** Its amount once paid less what was refunded, else 0 (revenue counts paid orders only). */
  spent: number;
  /** As text: compared and sent back exactly as stored. */
  created_at: string;
}

/** One order's change to one customer: the order added (+1) or taken away (-1), or its spending moved. */
interface Change {
  phone: string;
  orders: number;
  spent: number;
  /** For an order added: what may make it the customer's first or latest order. */
  created_at?: string;
  id?: string;
  name?: string;
  email?: string;
}

/** The batch's write, followed in its transaction by the changes to the customers of the orders it touches. */
export function withCustomers(events: readonly (StoredEvent & OrderEvent)[], write: Write): Write {
  // An order placed in this batch had no row before it (OrderPlaced opens its stream): it only adds
  // to its customer, as its row stands after the write, which the statement adding it reads itself.
  // The others are compared before and after. A rebuild's batches are mostly new orders.
  const placed = new Set(
    events.filter((e) => e.type === 'OrderPlaced' && e.revision === 0n).map((e) => e.data.orderId),
  );
  const known = [...new Set(events.map((event) => event.data.orderId))].filter((id) => !placed.has(id));
  return async (target) => {
    const before = known.length ? await contributions(target.db, known) : new Map<string, Contribution>();
    await write(target);
    const after = known.length ? await contributions(target.db, known) : new Map<string, Contribution>();
    const changes: Change[] = [];
    const lost = new Set<string>();
    for (const id of known) {
      const was = before.get(id);
      const is = after.get(id);
      if (was && is && sameOrder(was, is)) {
        if (is.spent !== was.spent) changes.push({ phone: is.phone, orders: 0, spent: is.spent - was.spent });
        continue;
      }
      if (was) {
        changes.push({ phone: was.phone, orders: -1, spent: -was.spent });
        lost.add(was.phone);
      }
      if (is) changes.push({ phone: is.phone, orders: 1, spent: is.spent, ...pick(is) });
    }
    if (changes.length || placed.size) await applyChanges(target.db, changes, [...placed]);
    if (!lost.size) return;
    await sql`DELETE FROM customers WHERE phone = ANY(${[...lost]}) AND orders_count = 0`.execute(target.db);
    await sumAgain(target.db, [...lost]);
  };
}

const sameOrder = (a: Contribution, b: Contribution) =>
  a.phone === b.phone && a.created_at === b.created_at && a.name === b.name && a.email === b.email;

const pick = ({ created_at, id, name, email }: Contribution) => ({ created_at, id, name, email });

async function contributions(db: Kysely<OrdersTables>, ids: string[]): Promise<Map<string, Contribution>> {
  const { rows } = await sql<Contribution>`
    SELECT id, phone, customer_name AS name, customer_email AS email, created_at::text AS created_at,
           CASE WHEN paid_at IS NULL THEN 0 ELSE total_amount - refunded_amount END AS spent
    FROM orders WHERE id = ANY(${ids})`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Adds the changes, and the orders placed, to their customers (a customer's first order creates
 * it). A phone that only lost orders comes with no first or latest order: 'infinity' and
 * '-infinity' leave the customer's own as they are.
 */
async function applyChanges(db: Kysely<OrdersTables>, changes: Change[], placed: string[]): Promise<void> {
  await sql`
    WITH change AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
        AS c(phone text, orders int, spent bigint, created_at timestamptz, id text, name text, email text)
      UNION ALL
      SELECT phone, 1, CASE WHEN paid_at IS NULL THEN 0 ELSE total_amount - refunded_amount END, created_at, id, customer_name, customer_email
      FROM orders WHERE id = ANY(${placed})
    ), latest AS (
      SELECT DISTINCT ON (phone) phone, created_at, id, name, email FROM change
      WHERE id IS NOT NULL ORDER BY phone, created_at DESC, id DESC
    ), total AS (
      SELECT phone, sum(orders)::int AS orders, sum(spent)::bigint AS spent, min(created_at) AS first FROM change GROUP BY phone
    )
    INSERT INTO customers AS c (phone, name, email, orders_count, total_spent, join_date, latest_order_at, latest_order_id)
    SELECT t.phone, coalesce(l.name, ''), coalesce(l.email, ''), t.orders, t.spent, coalesce(t.first, 'infinity'),
           coalesce(l.created_at, '-infinity'), coalesce(l.id, '')
    FROM total t LEFT JOIN latest l USING (phone)
    ON CONFLICT (phone) DO UPDATE SET
      orders_count = c.orders_count + EXCLUDED.orders_count,
      total_spent = c.total_spent + EXCLUDED.total_spent,
      join_date = least(c.join_date, EXCLUDED.join_date),
      ${sql.join(
        ['name', 'email', 'latest_order_at', 'latest_order_id'].map(
          (column) =>
            sql`${sql.ref(column)} = CASE WHEN (EXCLUDED.latest_order_at, EXCLUDED.latest_order_id) > (c.latest_order_at, c.latest_order_id) THEN EXCLUDED.${sql.ref(column)} ELSE c.${sql.ref(column)} END`,
        ),
      )}`.execute(db);
}

/** Customers who lost an order summed again from the orders left, as they are after the batch's write. */
async function sumAgain(db: Kysely<OrdersTables>, phones: string[]): Promise<void> {
  await sql`
    UPDATE customers c SET
      name = s.name, email = s.email, orders_count = s.orders_count, total_spent = s.total_spent,
      join_date = s.join_date, latest_order_at = s.latest_order_at, latest_order_id = s.latest_order_id
    FROM (
      SELECT phone,
             (array_agg(customer_name ORDER BY created_at DESC, id DESC))[1] AS name,
             (array_agg(customer_email ORDER BY created_at DESC, id DESC))[1] AS email,
             count(*)::int AS orders_count,
             coalesce(sum(total_amount - refunded_amount) FILTER (WHERE paid_at IS NOT NULL), 0)::bigint AS total_spent,
             min(created_at) AS join_date,
             max(created_at) AS latest_order_at,
             (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS latest_order_id
      FROM orders WHERE phone = ANY(${phones}) GROUP BY phone
    ) s
    WHERE c.phone = s.phone`.execute(db);
}
