import { describeApi } from '../../platform/http/openapi/operation';
import {
  createCheckoutSchema,
  customersQuerySchema,
  orderLookupSchema,
  whatsappSentSchema,
  dashboardStatsQuerySchema,
  orderStatusUpdateSchema,
  ordersQuerySchema,
  paymentDecisionSchema,
  processSuccessfulOrderSchema,
  updatePhoneSchema,
} from '../../shared/ordering';
import { sandboxSubmissionSchema } from './payment/sandbox-page';

// The ordering module's routes (./routes.ts, ./payment/sandbox-page.ts) for the OpenAPI document:
// the shopper's side of paying, the admin's orders, customers and dashboard, and the sandbox
// payment pages (mounted only while PAYMENT_PROVIDER=sandbox).

const CHECKOUT_ID = { checkoutId: 'The checkout’s id (the payment provider’s), or the order’s id' };
const ORDER_ID = { id: 'The order’s id' };

export const orderingApi = describeApi([
  {
    method: 'post',
    path: '/api/payment/create-checkout',
    tag: 'Checkout',
    auth: 'public',
    summary: 'Place an order and open its payment',
    description:
      'The amount must be the cart’s total at today’s prices (409 with the new total otherwise). Accepted checkouts are limited per phone and per address, refused ones apart per address (429 with Retry-After and a code: checkout_rate_limited_phone, checkout_rate_limited_address, checkout_rejected_rate_limited). The description is composed by the store from the order, in `language`.',
    body: { schema: createCheckoutSchema, name: 'CheckoutCreate' },
    responses: {
      200: '{ success, message, checkout: { id, checkoutUrl }, orderAccessToken }: the shopper pays at checkoutUrl; the token opens the order’s private page /orders/{token} (told this once)',
      409: 'Prices changed since the cart was filled',
      429: 'Too many checkouts from this address',
      502: 'The payment provider refused the checkout',
      503: 'The payment provider did not answer',
    },
  },
  {
    method: 'get',
    path: '/api/payment/checkout-status/{checkoutId}',
    tag: 'Checkout',
    auth: 'public',
    summary: 'Where a checkout’s payment stands',
    description: 'A pending order asks the provider at most once every 5 seconds. Limited per address (429).',
    params: CHECKOUT_ID,
    responses: {
      200: '{ success, checkout: { id, status, paymentMethod, amount, metadata } }',
      404: 'Checkout not found',
      429: 'Too many status checks from this address',
    },
  },
  {
    method: 'post',
    path: '/api/payment/process-successful-order',
    tag: 'Checkout',
    auth: 'public',
    summary: 'Which order a paid checkout is (the return page)',
    body: { schema: processSuccessfulOrderSchema, name: 'ProcessSuccessfulOrder' },
    responses: { 200: '{ orderId }', 404: 'Checkout not found' },
  },
  {
    method: 'get',
    path: '/api/payment/order/{checkoutId}',
    tag: 'Checkout',
    auth: 'public',
    summary: 'The order a checkout placed, as the shopper sees it',
    params: CHECKOUT_ID,
    responses: { 200: '{ order }, with the store’s contact details', 404: 'Checkout not found' },
  },
  {
    method: 'post',
    path: '/api/payment/update-customer-phone',
    tag: 'Checkout',
    auth: 'public',
    summary: 'Correct the phone number of an order',
    description:
      'Proved with the order’s private link token (accessToken). Taken once per order, within an hour of its payment, while the order is paid and not dispatched (the order’s phoneChangeUntil); throttled per client address.',
    body: { schema: updatePhoneSchema, name: 'PhoneUpdate' },
    responses: {
      200: '{ success, message, phone }',
      404: 'No order has this link (or it is not the named order)',
      409: 'Not paid, dispatched, already changed once, or more than an hour after the payment',
      429: 'Too many phone changes from this address; Retry-After says when to try again',
    },
  },
  {
    method: 'get',
    path: '/api/orders/{token}',
    tag: 'Order page',
    auth: 'public',
    summary: 'The order its private link opens, with its subscriptions and, once delivered, their activation details',
    description:
      'Any token that opens no order (made up, or replaced by New link) answers the same 404. Never cached. Limited per client address (429).',
    params: { token: 'The token of the order’s private link (43 characters)' },
    responses: {
      200: '{ order: { orderNumber, status, date, total, phone, items, adminContact, subscriptions, deliveryState, message, language } }',
      404: 'This link opens no order',
      429: 'Too many order pages from this address',
    },
  },
  {
    method: 'post',
    path: '/api/orders/lookup',
    tag: 'Order page',
    auth: 'public',
    summary: 'Find my order: an order’s status by its phone and number, without its activation details or link',
    description:
      'A wrong phone and a wrong number answer the same 404. Misses are limited per client address (429 with Retry-After).',
    body: { schema: orderLookupSchema, name: 'OrderLookup' },
    responses: {
      200: '{ order: { orderNumber, status, date, total, items, deliveryState, adminContact } }',
      404: 'No order has this phone and number',
      429: 'Too many searches that found nothing from this address',
    },
  },
  {
    method: 'post',
    path: '/api/payment/webhook',
    tag: 'Checkout',
    auth: 'public',
    summary: 'The payment provider’s notification of a payment’s outcome',
    description:
      'Called by the payment provider, not by clients: the body is the provider’s own and is accepted only with its valid signature header.',
    responses: {
      200: '{ received: true }',
      400: 'Signed, but not a checkout notification the store reads',
      401: 'No valid signature',
    },
  },
  {
    method: 'get',
    path: '/api/admin/orders',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Orders, newest first, a page at a time',
    query: ordersQuerySchema,
    responses: {
      200: 'A page of orders: { orders, pagination: { page, limit, total, totalPages } }; each order says whether a subscription of it awaits its activation details (awaiting_delivery)',
    },
  },
  {
    method: 'get',
    path: '/api/admin/orders/export.csv',
    tag: 'Orders',
    auth: 'admin',
    summary: 'The orders the same filters select, as a CSV download (page and limit are ignored)',
    query: ordersQuerySchema,
    responses: { 200: { description: 'The orders, streamed', contentType: 'text/csv' } },
  },
  {
    method: 'get',
    path: '/api/admin/orders/{id}',
    tag: 'Orders',
    auth: 'admin',
    summary: 'One order with its items',
    params: ORDER_ID,
    versioned: 'read',
    responses: { 200: '{ order }', 404: 'Order details not available' },
  },
  {
    method: 'put',
    path: '/api/admin/orders/{id}/status',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Mark a paid order dispatched',
    params: ORDER_ID,
    body: { schema: orderStatusUpdateSchema, name: 'OrderStatusUpdate' },
    versioned: 'write',
    responses: {
      200: '{ message, order }',
      404: 'Order not found',
      409: 'Not a change offered (only a completed order is dispatched), or a stale If-Match',
    },
  },
  {
    method: 'post',
    path: '/api/admin/orders/{id}/payment-decision',
    tag: 'Orders',
    auth: 'admin',
    summary:
      'Decide on a payment whose amount or currency is not the order’s (status payment_mismatch): accept it (the order is completed) or cancel the order (failed; refund the money with the payment provider)',
    params: ORDER_ID,
    body: { schema: paymentDecisionSchema, name: 'PaymentDecision' },
    versioned: 'write',
    responses: {
      200: '{ message, order }',
      404: 'Order not found',
      409: 'The order’s payment awaits no decision (not payment_mismatch, or already decided), or a stale If-Match',
    },
  },
  {
    method: 'post',
    path: '/api/admin/orders/{id}/access-link',
    tag: 'Orders',
    auth: 'admin',
    summary: 'New link: a new private link for the order; the old one stops opening it at once',
    params: ORDER_ID,
    versioned: 'write',
    responses: {
      200: '{ message, link: { token, url } }',
      404: 'Order not found',
      409: 'A stale If-Match',
    },
  },
  {
    method: 'post',
    path: '/api/admin/orders/{id}/whatsapp-sent',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Record that the order was sent to the shopper on WhatsApp (with or without its activation details)',
    params: ORDER_ID,
    body: { schema: whatsappSentSchema, name: 'WhatsAppSent' },
    responses: { 200: '{ message, order: { language, accessLink, whatsappSent } }', 404: 'Order not found' },
  },
  {
    method: 'delete',
    path: '/api/admin/orders/{id}',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Delete an order',
    params: ORDER_ID,
    versioned: 'write',
    responses: {
      200: '{ message }',
      404: 'Order not found',
      409: 'Still awaiting payment, or its payment awaits a decision (payment_mismatch)',
    },
  },
  {
    method: 'get',
    path: '/api/admin/customers',
    tag: 'Customers',
    auth: 'admin',
    summary: 'Customers (from their orders), a page at a time',
    query: customersQuerySchema,
    responses: { 200: 'A page of customers: { customers, pagination }' },
  },
  {
    method: 'get',
    path: '/api/admin/customers/export.csv',
    tag: 'Customers',
    auth: 'admin',
    summary: 'The customers the search selects, as a CSV download',
    query: customersQuerySchema,
    responses: { 200: { description: 'The customers', contentType: 'text/csv' } },
  },
  {
    method: 'get',
    path: '/api/admin/dashboard/stats',
    tag: 'Dashboard',
    auth: 'admin',
    summary: 'Sales figures over the last 7, 30 or 90 days',
    query: dashboardStatsQuerySchema,
    responses: { 200: '{ stats, range, recentOrders, revenueByDay, trends }' },
  },
]);

/** The sandbox provider's own pages, which stand in for a real payment page (PAYMENT_PROVIDER=sandbox only). */
export const sandboxApi = describeApi([
  {
    method: 'get',
    path: '/sandbox/checkout/{id}',
    tag: 'Payment sandbox',
    auth: 'public',
    summary: 'The sandbox’s payment page for a checkout (?lang=ar|fr|en)',
    params: { id: 'The sandbox checkout’s id' },
    responses: {
      200: { description: 'The page', contentType: 'text/html' },
      404: { description: 'No such checkout (an HTML page)', contentType: 'text/html' },
    },
  },
  {
    method: 'post',
    path: '/sandbox/checkout/{id}',
    tag: 'Payment sandbox',
    auth: 'public',
    summary: 'Pay, decline or cancel a sandbox checkout (the page’s form)',
    params: { id: 'The sandbox checkout’s id' },
    body: { schema: sandboxSubmissionSchema, name: 'SandboxSubmission', form: true },
    responses: {
      303: 'Back to the store’s return page',
      400: { description: 'The page again, saying what is wrong with the card', contentType: 'text/html' },
      404: { description: 'No such checkout (an HTML page)', contentType: 'text/html' },
    },
  },
  {
    method: 'get',
    path: '/sandbox/sandbox.css',
    tag: 'Payment sandbox',
    auth: 'public',
    summary: 'The sandbox pages’ stylesheet',
    responses: { 200: { description: 'The stylesheet', contentType: 'text/css' } },
  },
]);
