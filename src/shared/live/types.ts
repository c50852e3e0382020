import type { AuditEntry } from '../audit/types';
import type { CategoriesUpdate, ProductsUpdate } from '../catalogue/types';
import type { AdminUserView } from '../identity/types';
import type { RebuildView } from '../operations/types';
import type { AdminOrderView, LiveActor } from '../ordering/types';
import type { NoteSubjectType, NoteView } from '../notes/types';
import type { ReminderStep } from '../subscriptions/types';

// The live connection's contract: every event the server sends and the client sends, with its
// payload, written once. Socket.IO's Server (src/platform/realtime) and the web app's sockets are
// typed with these maps, so an event name or a payload that does not match does not compile.
// See docs/architecture.md#live-updates.

/** A catalogue item named in a per-item event: its values come in the same batch's list delta. */
export interface CatalogueItemAnnouncement {
  id: string;
  /** Unknown for an item deleted before its name was ever seen. */
  name?: string;
  /** Absent once the item is deleted. */
  version?: number;
}

/** product:created|updated|deleted: which product, and the admin (or `system`) who changed it. */
export interface ProductChange {
  product: CatalogueItemAnnouncement;
  actor: string;
}

/** category_created|updated|deleted. */
export interface CategoryChange {
  category: CatalogueItemAnnouncement;
  actor: string;
}

/** order:created and order:updated: the order as the admin lists show it, and who caused the change. */
export interface OrderChange extends LiveActor {
  order: AdminOrderView;
  /** On order:created: the first order of a phone never seen before. */
  newCustomer?: boolean;
}

export interface OrderDeleted extends LiveActor {
  orderId: string;
}

/** order:delivered, to admins: activation details were delivered (or corrected), and by whom. */
export interface OrderDelivered extends LiveActor {
  orderId: string;
  number: number;
}

/** note:added, to admins: an internal note on an order or a customer (never to shoppers). */
export interface NoteAdded {
  subjectType: NoteSubjectType;
  subjectId: string;
  note: NoteView;
}

/** subscription:reminded, to admins: a reminder was recorded (the subscriptions screen's worklist moves). */
export interface SubscriptionReminded extends LiveActor {
  subscriptionId: string;
  orderId: string;
  step: ReminderStep;
  at: string;
}

/**
 * order:updated, to an order's page (docs/product.md#order-page): read the order again. A signal
 * only: the page reads the details over HTTPS with its token.
 */
export interface OrderPageChange {
  /** The link this page was opened with was replaced: it no longer opens the order. */
  linkReplaced: boolean;
}

/** order:watch: an order page joins its order's room with the token of its link. */
export interface OrderWatch {
  token: string;
}

export interface UsersUpdate {
  users: AdminUserView[];
}

export interface AuditEntriesAdded {
  entries: AuditEntry[];
}

/** A rebuild's progress (about twice a second) or its outcome, whoever started it. */
export interface RebuildProgress {
  rebuild: RebuildView;
}

/** What the server sends. Storefronts get the catalogue lists; admins every event. */
export interface ServerToClientEvents {
  productsUpdate(payload: ProductsUpdate): void;
  categoriesUpdate(payload: CategoriesUpdate): void;
  'product:created'(payload: ProductChange): void;
  'product:updated'(payload: ProductChange): void;
  'product:deleted'(payload: ProductChange): void;
  category_created(payload: CategoryChange): void;
  category_updated(payload: CategoryChange): void;
  category_deleted(payload: CategoryChange): void;
  'order:created'(payload: OrderChange): void;
  /** To admins an OrderChange; to an order's page (its own room) an OrderPageChange. */
  'order:updated'(payload: OrderChange | OrderPageChange): void;
  'order:delivered'(payload: OrderDelivered): void;
  'subscription:reminded'(payload: SubscriptionReminded): void;
  'note:added'(payload: NoteAdded): void;
  orderDeleted(payload: OrderDeleted): void;
  usersUpdate(payload: UsersUpdate): void;
  auditEntries(payload: AuditEntriesAdded): void;
  projectionRebuild(payload: RebuildProgress): void;
}

/** What a client sends: a (re)connected client asks for the whole catalogue once; an order page watches its order. */
export interface ClientToServerEvents {
  requestInitialData(): void;
  'order:watch'(payload: OrderWatch): void;
}

export type ServerEvent = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];
export type ClientEvent = keyof ClientToServerEvents;
