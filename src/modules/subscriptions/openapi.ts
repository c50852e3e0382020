import { describeApi } from '../../platform/http/openapi/operation';
import { deliverySchema, reminderSchema, subscriptionsQuerySchema } from '../../shared/subscriptions';

// The subscriptions module's routes (./routes.ts) for the OpenAPI document.

export const subscriptionsApi = describeApi([
  {
    method: 'put',
    path: '/api/admin/orders/{id}/delivery',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Deliver (or correct) the activation details of a paid order’s subscriptions',
    description:
      'One kind of details per subscription (xtream, m3u, mag or code) with an optional note, and an optional message. The details are sealed before they are stored (docs/security.md#encryption-at-rest); the first delivery starts the subscription and dispatches a completed order. Later deliveries correct the details.',
    params: { id: 'The order’s id' },
    body: { schema: deliverySchema, name: 'Delivery' },
    versioned: 'write',
    responses: {
      200: '{ message, order } with the order’s subscriptions (details opened) and deliveryState',
      400: 'Invalid details (a URL that is not http or https, a MAC address that is not six hex pairs, a subscription given twice)',
      404: 'Order not found, or a subscription the order does not have',
      409: 'The order is not paid, or a stale If-Match (another delivery or change came first)',
    },
  },
  {
    method: 'get',
    path: '/api/admin/subscriptions',
    tag: 'Subscriptions',
    auth: 'admin',
    summary:
      'The subscriptions screen: one view (awaiting, active, expiring, expired in the last 30 days, cancelled) at the present time, searched, one page',
    description:
      'Expiry is worked out when read: an active subscription is expiring within EXPIRING_WITHIN (7 days) of its end and expired after it. The search names an order (1042, #1042), a phone, or part of a package’s name. Each row has the customer’s phone, the name only when a real one was given, the latest reminder and who sent it.',
    query: subscriptionsQuerySchema,
    responses: { 200: '{ subscriptions, pagination }', 400: 'An unknown view or a bad page' },
  },
  {
    method: 'get',
    path: '/api/admin/subscriptions.csv',
    tag: 'Subscriptions',
    auth: 'admin',
    summary: 'The CSV of a view of the subscriptions screen, with the same filters',
    query: subscriptionsQuerySchema,
    responses: { 200: 'text/csv', 400: 'An unknown view' },
  },
  {
    method: 'post',
    path: '/api/admin/subscriptions/{id}/reminders',
    tag: 'Subscriptions',
    auth: 'admin',
    summary: 'Record that the customer was reminded, at one step (7d, 1d, 0d, ended): each step once per subscription',
    params: { id: 'The subscription’s id' },
    body: { schema: reminderSchema, name: 'Reminder' },
    responses: {
      200: '{ message, reminder: { step, at, by } }',
      404: 'Subscription not found',
      409: 'This step was already sent (the answer names who and when), or the subscription is not delivered or never ends',
    },
  },
  {
    method: 'post',
    path: '/api/admin/orders/{id}/provisioning/retry',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Ask the provisioning service again for the order’s subscriptions awaiting their details',
    description:
      'Automatic delivery (docs/product.md#automatic-delivery): clears the failure it recorded and schedules the order’s job again, which asks the provisioning service for each subscription still awaiting its details and delivers them as `system`. The admin may deliver by hand instead (PUT …/delivery).',
    params: { id: 'The order’s id' },
    responses: {
      200: '{ message, order } with the order’s subscriptions, deliveryState and automaticDelivery ({ state: pending })',
      404: 'Order not found',
      409: 'Automatic delivery is off (no PROVISIONING_URL), or no subscription of the order awaits its details',
    },
  },
  {
    method: 'post',
    path: '/api/admin/orders/{id}/provisioning/extension/retry',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Ask the provisioning service again to extend the subscriptions a paid renewal renewed',
    description:
      'Automatic delivery (docs/product.md#automatic-delivery): for a renewal order, clears the failure its extension recorded and schedules its job again, which asks the provisioning service (POST {PROVISIONING_URL}/extend) to extend each renewed subscription it has not extended yet to its new end. The subscriptions’ ends in the store are already extended.',
    params: { id: 'The renewal order’s id' },
    responses: {
      200: '{ message, order } with the order’s automaticExtension ({ state: pending } or extended)',
      404: 'Order not found',
      409: 'Automatic delivery is off (no PROVISIONING_URL), or the order renews no subscription left to extend there',
    },
  },
]);
