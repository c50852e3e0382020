// The orders read model: its table, its projection, and every read of it.
export { ORDERS_PROJECTION, ordersProjection } from './projection';
export {
  allCustomers,
  allOrders,
  customerOrders,
  findCustomer,
  findOrder,
  findOrderDetail,
  findOrderByAccessHash,
  findOrderByCheckout,
  findOrderByNumber,
  listCustomers,
  listOrders,
  orderFigures,
  pendingOrders,
  recentOrders,
  revenueByDay,
  toAdminOrder,
  toAdminOrderDetail,
  totals,
} from './queries';
export type { OrderDetailRow } from './queries';
export type { OrderRow, OrdersTables } from './rows';
