// Internal notes on orders and customers (docs/product.md#notes): for the administrators who talk
// to customers, never shown to shoppers. Zod-free: the web app imports it.

/** What a note is about: an order (by id) or a customer (by phone). */
export type NoteSubjectType = 'order' | 'customer';

export interface NoteView {
  id: string;
  text: string;
  /** The admin's id, and their name (now, or "an administrator who has since been deleted"). */
  author: string;
  authorName: string;
  at: string;
}
