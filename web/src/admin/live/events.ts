import type { QueryClient } from '@tanstack/react-query';
import type { AdminUserView, Settings } from '@shared/identity/types';
import type { AdminOrderDetailView, AdminOrderPage, AdminOrderView } from '@shared/ordering/types';
import type { AuditEntry } from '@shared/audit/types';
import type { ServerEvent } from '@shared/live/types';
import type { RebuildView } from '@shared/operations/types';
import { isRecord } from '../../api/http';
import { displayPhone } from '../../config';
import { applyAuditEntries } from '../api/audit';
import { applyNoteAdded } from '../api/notes';
import { applyRebuild } from '../api/projections';
import { applyReminded, subscriptionsMoved } from '../api/subscriptions';
import {
  categoryKeys,
  customerKeys,
  dashboardKeys,
  orderKeys,
  productKeys,
  settingsKeys,
  shopKeys,
  userKeys,
} from '../api/keys';
import type { AdminMessageId, MessageValues } from '../i18n';
import { isLocalChange } from './local-changes';

// The socket events (docs/architecture.md#live-updates), turned into what they mean for the query cache: an order that changed is
// patched where it shows (lists, its detail) and the lists refetched (its filters may no longer
// match it); other changes invalidate their area. The answer is the app notification to show, if
// the change is another admin's: every event names its `actor` (order events their `actorName`
// too). A list this admin changed in the last 5 s is left alone (live/local-changes.ts). The events
// and their payloads are the live contract (@shared/live/types); a payload is still checked before
// use, since it comes off the wire.

/**
 * Which of the admin's notification switches (Settings > Notifications) a notice falls under:
 * orders dispatched or deleted, the catalogue (products and categories), new customers.
 */
export type NoticeKind = 'orderUpdates' | 'productUpdates' | 'newCustomers';

/**
 * An app notification: a message, its kind, and who to name: `who` when the event says it, else
 * `actor` (an admin's id, looked up in the users list).
 */
export interface Notice {
  id: AdminMessageId;
  values: MessageValues;
  kind: NoticeKind;
  actor?: string;
  who?: string;
  /**
   * Notices of one topic tell of one change: the later replaces the one still shown (an order's
   * first delivery dispatches it, and both are told at once).
   */
  topic?: string;
}

/** Whether the admin wants this notice: the switch of its kind is on (productUpdates is off by default). */
export function wantsNotice(notice: Pick<Notice, 'kind'>, notifications: Settings['notifications']): boolean {
  return notifications[notice.kind];
}

/** The shapes the order screens keep: `GET /api/admin/orders` and `GET /api/admin/orders/{id}` as answered. */
export type OrderListData = AdminOrderPage;
export interface OrderDetailData {
  order: AdminOrderDetailView;
}

const CATALOGUE_NOTICES: Record<string, AdminMessageId | undefined> = {
  'product:created': 'admin.notify.productCreated',
  'product:updated': 'admin.notify.productUpdated',
  'product:deleted': 'admin.notify.productDeleted',
  category_created: 'admin.notify.categoryCreated',
  category_updated: 'admin.notify.categoryUpdated',
  category_deleted: 'admin.notify.categoryDeleted',
};

/** The events the back office listens to. */
export const ADMIN_EVENTS = [
  'order:created',
  'order:updated',
  'order:delivered',
  'orderDeleted',
  'product:created',
  'product:updated',
  'product:deleted',
  'category_created',
  'category_updated',
  'category_deleted',
  'usersUpdate',
  'auditEntries',
  'projectionRebuild',
  'subscription:reminded',
  'note:added',
] as const satisfies readonly ServerEvent[];
export type AdminEvent = (typeof ADMIN_EVENTS)[number];

export function applyAdminEvent(
  queryClient: QueryClient,
  event: AdminEvent,
  payload: unknown,
  selfId: string,
): Notice | null {
  const invalidate = (...keys: (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  if (!isRecord(payload)) return null;
  switch (event) {
    case 'order:created':
    case 'order:updated': {
      const order = payload.order;
      if (!isRecord(order) || typeof order.id !== 'string') return null;
      const changed = order as unknown as AdminOrderView;
      const was = cachedOrder(queryClient, changed.id)?.status;
      patchOrder(queryClient, changed);
      invalidate(dashboardKeys.all, customerKeys.all);
      subscriptionsMoved(queryClient);
      // A list this admin just changed is already current (live events about it are ignored for 5 s).
      // An open detail reads the rest again: its link may have been replaced, its sending recorded.
      if (!isLocalChange('orders', changed.id)) invalidate(orderKeys.lists(), orderKeys.detail(changed.id));
      // A shopper's first order (the server says whether the phone was ever seen before).
      if (event === 'order:created') return payload.newCustomer === true ? newCustomer(changed) : null;
      // A payment that does not match its order waits for the admins: every admin is told, once.
      if (changed.status === 'payment_mismatch' && was !== 'payment_mismatch')
        return { id: 'admin.notify.paymentMismatch', kind: 'orderUpdates', values: { order: orderLabel(changed) } };
      // Only an admin dispatches; other payments, which also change the status, are nobody's to
      // announce, nor are later changes of a dispatched order (a new link, a WhatsApp sending).
      if (changed.status !== 'dispatched' || was === 'dispatched') return null;
      return byAnother(payload, selfId, {
        id: 'admin.notify.orderDispatched',
        kind: 'orderUpdates',
        values: { order: orderLabel(changed) },
        topic: deliveryTopic(changed.id),
      });
    }
    case 'order:delivered': {
      // Activation details delivered or corrected: the open detail shows them, the lists their badge.
      const id = payload.orderId;
      if (typeof id !== 'string') return null;
      invalidate(orderKeys.detail(id), dashboardKeys.all);
      if (!isLocalChange('orders', id)) invalidate(orderKeys.lists());
      const number = typeof payload.number === 'number' ? payload.number : undefined;
      return byAnother(payload, selfId, {
        id: 'admin.notify.orderDelivered',
        kind: 'orderUpdates',
        values: { order: orderLabel({ id, number }) },
        topic: deliveryTopic(id),
      });
    }
    case 'orderDeleted': {
      const id = payload.orderId;
      if (typeof id !== 'string') return null;
      const label = orderLabel(cachedOrder(queryClient, id) ?? { id });
      queryClient.setQueriesData<OrderListData>(
        { queryKey: orderKeys.lists() },
        (list) => list && { ...list, orders: list.orders.filter((o) => o.id !== id) },
      );
      // Its open detail refetches and finds it gone.
      invalidate(orderKeys.detail(id), dashboardKeys.all, customerKeys.all);
      if (!isLocalChange('orders', id)) invalidate(orderKeys.lists());
      return byAnother(payload, selfId, {
        id: 'admin.notify.orderDeleted',
        kind: 'orderUpdates',
        values: { order: label },
      });
    }
    case 'usersUpdate':
      if (Array.isArray(payload.users)) {
        queryClient.setQueryData<{ users: AdminUserView[] }>(userKeys.list(), {
          users: payload.users as AdminUserView[],
        });
      }
      // The admin's own settings may have changed elsewhere (another device, the Users screen):
      // their version, name, language, dates and notifications follow.
      invalidate(settingsKeys.all);
      return null;
    case 'auditEntries': {
      // The activity page and the history panels show them at their top; nothing to announce.
      const entries = Array.isArray(payload.entries) ? (payload.entries as AuditEntry[]) : [];
      applyAuditEntries(queryClient, entries);
      // The shop's settings changed (another admin, another window): the Settings tab shows them; a new default
      // language also changes what every item says and what the forms require.
      if (entries.some((entry) => entry.action === 'shop.legal_changed')) invalidate(shopKeys.legal);
      if (entries.some((entry) => entry.action === 'shop.language_changed'))
        invalidate(shopKeys.language, productKeys.all, categoryKeys.all);
      return null;
    }
    case 'projectionRebuild':
      // A rebuild's progress or outcome, whoever started it: the projections page follows it.
      if (isRecord(payload.rebuild) && typeof payload.rebuild.id === 'string')
        applyRebuild(queryClient, payload.rebuild as unknown as RebuildView);
      return null;
    case 'subscription:reminded':
      // The row shows who reminded, whoever it was: the worklist says it, no notice. A customer's
      // page shows the row too.
      applyReminded(queryClient, payload);
      invalidate(customerKeys.details());
      return null;
    case 'note:added': {
      // On the open detail or page at once; another admin's note is told, naming who wrote it.
      const added = applyNoteAdded(queryClient, payload);
      if (!added || added.note.author === selfId) return null;
      const { subject, note } = added;
      return {
        ...(subject.type === 'order'
          ? {
              id: 'admin.notify.orderNote',
              values: { order: orderLabel(cachedOrder(queryClient, subject.id) ?? subject) },
            }
          : { id: 'admin.notify.customerNote', values: { phone: displayPhone(subject.id) } }),
        kind: 'orderUpdates',
        who: note.authorName,
      };
    }
    default: {
      // product:* and category_*: counts, names and lists across the catalogue and the dashboard.
      const item = event.startsWith('product') ? payload.product : payload.category;
      // A category this admin just changed: its list is already current (ignored for 5 s).
      const own = event.startsWith('category') && isRecord(item) && isLocalChange('categories', String(item.id));
      // The Settings' Shop tab counts the items lacking each language.
      invalidate(productKeys.all, dashboardKeys.all, shopKeys.language, ...(own ? [] : [categoryKeys.all]));
      const notice = CATALOGUE_NOTICES[event];
      const actor = typeof payload.actor === 'string' ? payload.actor : undefined;
      if (!notice || !isRecord(item) || actor === selfId) return null;
      return {
        id: notice,
        kind: 'productUpdates',
        values: { name: typeof item.name === 'string' ? item.name : '' },
        actor,
      };
    }
  }
}

/** A new customer: nobody's change to name, the shopper's name and the order's number instead. */
function newCustomer(order: AdminOrderView): Notice {
  return {
    id: 'admin.settings.newCustomerNotice',
    kind: 'newCustomers',
    values: { name: order.customer_name, order: orderLabel(order) },
  };
}

/** The notice of an order event, unless this admin caused it. */
function byAnother(payload: Record<string, unknown>, selfId: string, notice: Notice): Notice | null {
  if (payload.actor === selfId) return null;
  const who = typeof payload.actorName === 'string' ? payload.actorName : undefined;
  return { ...notice, who };
}

/** An order's dispatch and delivery are told as one (Notice.topic). */
const deliveryTopic = (orderId: string) => `delivery:${orderId}`;

/** An order as people name it: its number (#1042), else the start of its id. */
function orderLabel(order: { id: string; number?: number }): string {
  return typeof order.number === 'number' ? `#${order.number}` : order.id.slice(0, 8);
}

function patchOrder(queryClient: QueryClient, order: AdminOrderView): void {
  queryClient.setQueriesData<OrderListData>(
    { queryKey: orderKeys.lists() },
    (list) => list && { ...list, orders: list.orders.map((o) => (o.id === order.id ? { ...o, ...order } : o)) },
  );
  queryClient.setQueryData<OrderDetailData>(
    orderKeys.detail(order.id),
    (detail) => detail && { ...detail, order: { ...detail.order, ...order } },
  );
}

function cachedOrder(queryClient: QueryClient, id: string): AdminOrderView | undefined {
  const detail = queryClient.getQueryData<OrderDetailData>(orderKeys.detail(id));
  if (detail) return detail.order;
  for (const [, list] of queryClient.getQueriesData<OrderListData>({ queryKey: orderKeys.lists() })) {
    const found = list?.orders.find((o) => o.id === id);
    if (found) return found;
  }
  return undefined;
}
