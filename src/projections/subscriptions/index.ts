// The subscriptions read model: the only file others import.
export { SUBSCRIPTIONS_PROJECTION, subscriptionsProjection } from './projection';
export {
  adminOrderSubscriptions,
  awaitingDeliveryCount,
  deliverableSubscriptions,
  deliveryStateOf,
  orderSubscriptionRows,
  ordersAwaitingDelivery,
  ordersToProvision,
  toAdminSubscription,
} from './queries';
export type { SubscriptionRow, SubscriptionsTables } from './rows';
