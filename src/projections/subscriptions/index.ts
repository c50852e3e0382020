// The subscriptions read model: the only file others import.
export { SUBSCRIPTIONS_PROJECTION, subscriptionsProjection } from './projection';
export {
  adminOrderSubscriptions,
  awaitsDelivery,
  awaitingDeliveryCount,
  deliverableSubscriptions,
  deliveryStateOf,
  orderSubscriptionRows,
  ordersAwaitingDelivery,
  ordersToProvision,
  renewalOrdersToExtend,
  renewalsToExtendOf,
  type RenewalToExtend,
  shopperOrderSubscriptions,
  toAdminSubscription,
} from './queries';
export {
  allSubscriptions,
  customerSubscriptions,
  listSubscriptions,
  remindable,
  subscriptionFigures,
  type SubscriptionQuery,
} from './views';
export type { SubscriptionRow, SubscriptionsTables } from './rows';
