import type { ShopperOrderView } from '@shared/ordering/types';

// Where an order stands, as its private page tells it (docs/product.md#order-page): paid, being
// activated, ready; or before and beside that road: awaiting payment, under review, failed, refunded.

export type OrderStage = 'pending' | 'review' | 'failed' | 'refunded' | 'paid' | 'activating' | 'ready';

export function orderStage({ status, deliveryState }: Pick<ShopperOrderView, 'status' | 'deliveryState'>): OrderStage {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'payment_mismatch':
      return 'review';
    case 'failed':
      return 'failed';
    case 'refunded':
      return 'refunded';
    case 'completed':
    case 'dispatched':
      // An order without subscriptions (placed before them) is paid, with nothing to deliver here.
      return deliveryState === 'delivered' ? 'ready' : deliveryState === 'awaiting' ? 'activating' : 'paid';
  }
}

export const PROGRESS_STEPS = ['paid', 'activating', 'ready'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];
export type StepState = 'done' | 'current' | 'todo';

/** Each step's state on the road paid → being activated → ready; null off that road (review, failed). */
export function progressOf(stage: OrderStage): Record<ProgressStep, StepState> | null {
  switch (stage) {
    case 'pending':
      return { paid: 'current', activating: 'todo', ready: 'todo' };
    case 'paid':
      return { paid: 'done', activating: 'todo', ready: 'todo' };
    case 'activating':
      return { paid: 'done', activating: 'current', ready: 'todo' };
    case 'ready':
      return { paid: 'done', activating: 'done', ready: 'done' };
    default:
      return null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until `endsAt` (a day begun counts), 0 once it is over. */
export function daysLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS));
}
