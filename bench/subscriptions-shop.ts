// The shop of bench/subscriptions: two years of an IPTV shop as its subscriptions live them.
// `subscriptions` units opened by the paid orders and free trials of `customers` customers
// (bench/admin-shop.ts's customers and carts; one in four leaves the storefront's placeholder name),
// some after a failed payment; most delivered within a day; a few orders refunded, delivered or not
// (their subscriptions cancelled); many subscriptions renewed, once or again and again, in time or
// late (docs/product.md#renewals), trials turned paid among them; reminders sent around their ends
// by two administrators (docs/product.md#subscriptions-screen). As the modules' events, in phases
// appended one after the other, so that each event is folded after those it builds on: a delivery
// after its payment, a refund after its delivery, a renewal after the end it extends, the next
// renewal of a subscription after the one before. Seeded, so every run has the same shop (but for
// `now`).
import {
  orderStream,
  trialCheckoutId,
  type OrderEvent,
  type OrderLine,
  type PlacedOrder,
} from '../src/modules/ordering/events';
import {
  subscriptionId,
  subscriptionRemindersStream,
  type SubscriptionEvent,
} from '../src/modules/subscriptions/events';
import type { Sealer } from '../src/platform/crypto/sealed';
import { defaultPrice, type Duration } from '../src/shared/catalogue';
import {
  PAYMENT_METHODS,
  PLACEHOLDER_CUSTOMER,
  REFUND_METHODS,
  TRIAL_DURATION,
  TRIAL_PAYMENT_METHOD,
} from '../src/shared/ordering';
import { REMINDER_STEPS } from '../src/shared/subscriptions/constants';
import type { ReminderStep } from '../src/shared/subscriptions/types';
import { endOf, renewedEnd } from '../src/shared/subscriptions/terms';
import { PACKS, cartLines, customer, pick, random, uuid, type Customer } from './admin-shop';
import { deliver } from './deliveries';
import type { StreamAppend } from './reads';

const MINUTE = 60_000;
const DAY = 86_400_000;
const LANGUAGES = ['ar', 'fr', 'en'];
/** The durations a renewal buys: one with an end (docs/product.md#renewals). */
const RENEWAL_DURATIONS: Duration[] = ['1 month', '3 months', '6 months', '12 months'];
const REFUND_REASONS = [
  'Service indisponible',
  'Commande en double',
  'Le client a changé d’avis',
  'Chaînes manquantes',
];

export interface SubscriptionShop {
  /** What to append, phase after phase: each phase's appends once the one before has been appended. */
  phases: { what: string; streams: StreamAppend[] }[];
  /** Orders placed: those that opened subscriptions, failed payments and renewals. */
  orders: number;
  subscriptions: number;
  /** Every customer, each with at least one subscription. */
  customers: Customer[];
  trials: number;
  failed: number;
  refunded: number;
  renewals: number;
  reminders: number;
}

/** An order before it has its number (numbers follow the time orders were placed). */
interface Draft {
  orderId: string;
  at: number;
  who: Customer;
  kind: 'paid' | 'trial' | 'failed' | 'renewal';
  lines: OrderLine[];
  /** A renewal: the subscription its one line renews, in the order that opened it. */
  renews?: { subscriptionId: string; order: Draft };
  /** Which round of renewals appends it (the first renewal of a subscription is round 0). */
  round?: number;
  /** When it was paid (or its trial granted). */
  paidAt?: number;
  number?: number;
}

/** A subscription opened by a paid order or a trial, and the end it has once delivered. */
interface Unit {
  id: string;
  order: Draft;
  line: OrderLine;
  deliveredAt: number;
}

/** The shop at `now`: `subscriptions` subscriptions of `customers` customers, opened over the two years before. */
export function subscriptionShop(options: {
  subscriptions: number;
  customers: number;
  now: number;
  sealer: Sealer;
  admins: string[];
}): SubscriptionShop {
  const { subscriptions, customers: customerCount, now, sealer, admins } = options;
  const rand = random(2031);
  const iso = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const customers = Array.from({ length: customerCount }, (_, c) => {
    const who = customer(c);
    return c % 4 === 1 ? { ...who, name: PLACEHOLDER_CUSTOMER.fullName, email: PLACEHOLDER_CUSTOMER.email } : who;
  });

  // The orders that open subscriptions: about as many as the carts' 1.26 units each make up, spread
  // over the customers (each has one at least, about 2.6 on average), each customer's first on the
  // day they came, one first order in ten a free trial.
  const opening = Math.round(subscriptions / 1.24);
  const counts = Array.from(
    { length: customerCount },
    () => 1 + Math.floor(-Math.log(1 - rand()) * (opening / customerCount - 1)),
  );
  const drafts: Draft[] = [];
  const paidOrder = (at: number, who: Customer, lines: OrderLine[]): Draft => {
    const order: Draft = { orderId: uuid(rand), at, who, kind: 'paid', lines };
    drafts.push(order);
    return order;
  };
  counts.forEach((count, c) => {
    const joined = now - 730 * DAY * rand();
    const who = customers[c]!;
    if (rand() < 0.1) {
      const { productId, productName, quality } = pick(rand, PACKS);
      const trial = { productId, productName, quality, duration: TRIAL_DURATION, unitPrice: 0, quantity: 1 };
      drafts.push({ orderId: uuid(rand), at: joined, who, kind: 'trial', lines: [trial] });
    } else paidOrder(joined, who, cartLines(rand));
    for (let i = 1; i < count; i++) paidOrder(joined + (now - joined) * rand(), who, cartLines(rand));
  });
  // Exactly `subscriptions` units: a second unit taken off lines, or one-unit orders added.
  const units = (order: Draft) => order.lines.reduce((n, line) => n + line.quantity, 0);
  let total = drafts.reduce((n, order) => n + units(order), 0);
  for (const order of drafts) {
    if (total <= subscriptions) break;
    const line = order.lines.find((l) => l.quantity > 1);
    if (line) {
      line.quantity--;
      total--;
    }
  }
  while (total < subscriptions) {
    const who = customers[Math.floor(rand() * customerCount)]!;
    paidOrder(now - 730 * DAY * rand() * rand(), who, [{ ...cartLines(rand)[0]!, quantity: 1 }]);
    total++;
  }
  if (total !== subscriptions) throw new Error(`${total} subscriptions drafted, not ${subscriptions}`);

  // One payment in seven failed before the shopper paid again.
  for (const order of [...drafts]) {
    if (order.kind !== 'paid' || rand() >= 0.15) continue;
    drafts.push({ ...order, orderId: uuid(rand), at: order.at - (2 + rand() * 18) * MINUTE, kind: 'failed' });
  }

  // What became of each subscription: delivered within a day (half of the last two days' still
  // waiting, and one in a hundred forgotten), some refunded, then renewed, or not, term after term.
  const delivered = new Map<Draft, number>();
  const refunded = new Map<Draft, number>();
  const opened: Unit[] = [];
  for (const order of drafts) {
    if (order.kind === 'failed') continue;
    const paidAt = Math.min(now, order.at + (order.kind === 'trial' ? 0 : MINUTE + rand() * 9 * MINUTE));
    order.paidAt = paidAt;
    const deliveredAt = paidAt + rand() * 20 * 60 * MINUTE;
    const waits = now - paidAt < 2 * DAY ? rand() < 0.5 : rand() < 0.01;
    if (!waits && deliveredAt < now) delivered.set(order, deliveredAt);
    if (order.kind === 'paid' && rand() < 0.025) {
      const refundAt = delivered.has(order) ? deliveredAt + rand() * 10 * DAY : paidAt + rand() * 3 * DAY;
      if (refundAt < now) refunded.set(order, refundAt);
    }
    if (!delivered.has(order) || refunded.has(order)) continue;
    order.lines.forEach((line, l) => {
      for (let unit = 0; unit < line.quantity; unit++)
        opened.push({ id: subscriptionId(order.orderId, l, unit), order, line, deliveredAt });
    });
  }
  /** Each subscription with an end: when it was delivered, and its end after each term. */
  const ends = new Map<string, { deliveredAt: number; terms: number[] }>();
  for (const unit of opened) {
    const first = endOf(unit.line.duration, new Date(unit.deliveredAt).toISOString(), DAY);
    if (first === null) continue;
    const terms = [Date.parse(first)];
    ends.set(unit.id, { deliveredAt: unit.deliveredAt, terms });
    const trial = unit.line.duration === TRIAL_DURATION;
    for (let round = 0; rand() < (trial ? 0.3 : 0.45); round++) {
      const end = terms.at(-1)!;
      // In time (up to 6 days before the end, or within the week of grace after it), or late.
      const paidAt = trial
        ? end - 12 * 60 * MINUTE + rand() * 4 * DAY
        : end + (rand() < 0.75 ? -6 * DAY + rand() * 13 * DAY : 7 * DAY + rand() * 38 * DAY);
      if (paidAt > now - 30 * MINUTE || paidAt < unit.deliveredAt + 60 * MINUTE) break;
      const duration = !trial && rand() < 0.7 ? (unit.line.duration as Duration) : pick(rand, RENEWAL_DURATIONS);
      const pack = PACKS.find((p) => p.productId === unit.line.productId)!;
      const line: OrderLine = { ...unit.line, duration, unitPrice: defaultPrice(duration, pack.monthly), quantity: 1 };
      drafts.push({
        orderId: uuid(rand),
        at: paidAt - (1 + rand() * 9) * MINUTE,
        paidAt,
        who: unit.order.who,
        kind: 'renewal',
        lines: [line],
        renews: { subscriptionId: unit.id, order: unit.order },
        round,
      });
      terms.push(Date.parse(renewedEnd(new Date(end).toISOString(), new Date(paidAt).toISOString(), duration, 0)!));
    }
  }

  // Numbers in the order the orders were placed.
  drafts.sort((a, b) => a.at - b.at);
  drafts.forEach((order, i) => (order.number = i + 1));

  const orderStreams: StreamAppend[] = [];
  const deliveries: StreamAppend[] = [];
  const refunds: StreamAppend[] = [];
  const renewalRounds: StreamAppend[][] = [];
  for (const order of drafts) {
    const method = pick(rand, PAYMENT_METHODS);
    const trial = order.kind === 'trial';
    const lines = order.renews
      ? order.lines.map((line) => ({
          ...line,
          renewalOf: {
            subscriptionId: order.renews!.subscriptionId,
            orderId: order.renews!.order.orderId,
            orderNumber: order.renews!.order.number!,
          },
        }))
      : order.lines;
    const placed: PlacedOrder = {
      orderId: order.orderId,
      number: order.number,
      checkoutId: trial ? trialCheckoutId(order.orderId) : `sandbox_${order.orderId}`,
      provider: trial ? 'none' : 'sandbox',
      lines,
      total: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
      phone: order.who.phone,
      customerName: order.who.name,
      customerEmail: order.who.email,
      requestedMethod: trial ? TRIAL_PAYMENT_METHOD : method,
      language: LANGUAGES[order.number! % LANGUAGES.length],
      ...(trial && { trial: true as const }),
      at: iso(order.at),
    };
    const { orderId } = order;
    const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placed }];
    if (order.kind === 'failed') {
      const reason = pick(rand, ['expired', 'expired', 'failed', 'canceled'] as const);
      const at = iso(order.at + MINUTE + rand() * 9 * MINUTE);
      events.push({ type: 'OrderPaymentFailed', data: { orderId, reason, at } });
    } else if (trial) events.push({ type: 'OrderTrialGranted', data: { orderId, at: iso(order.paidAt!) } });
    else {
      const at = iso(order.paidAt!);
      events.push({ type: 'OrderPaid', data: { orderId, paymentMethod: method, amount: placed.total, at } });
    }
    const deliveredAt = delivered.get(order);
    if (deliveredAt !== undefined) {
      events.push({ type: 'OrderDispatched', data: { orderId, at: iso(deliveredAt) } });
      deliveries.push(deliver(sealer, events, placed, iso(deliveredAt)));
    }
    const stream = { stream: orderStream(orderId), events };
    if (order.kind === 'renewal') (renewalRounds[order.round!] ??= []).push(stream);
    else orderStreams.push(stream);
    const refundAt = refunded.get(order);
    if (refundAt !== undefined)
      refunds.push({
        stream: orderStream(orderId),
        after: BigInt(events.length - 1),
        events: [
          {
            type: 'OrderRefunded',
            data: {
              orderId,
              amount: placed.total,
              reason: pick(rand, REFUND_REASONS),
              method: pick(rand, REFUND_METHODS),
              refundedOn: iso(refundAt).slice(0, 10),
              by: pick(rand, admins),
              at: iso(refundAt),
            },
          },
        ],
      });
  }

  // Reminders by the worklist's steps (docs/product.md#subscriptions-screen), each once per
  // subscription: half the subscriptions ending within the worklist's reach (a week ahead, 30 days
  // back), a third of the others at their first end, by the steps already due.
  const reminders: StreamAppend[] = [];
  let reminderCount = 0;
  const orderOf = new Map(opened.map((unit) => [unit.id, unit.order.orderId]));
  for (const [id, { deliveredAt, terms }] of ends) {
    const last = terms.at(-1)!;
    const inReach = last > now - 30 * DAY && last < now + 7 * DAY;
    if (rand() >= (inReach ? 0.5 : 0.33)) continue;
    const end = inReach ? last : terms[0]!;
    const due: Record<ReminderStep, number> = {
      '7d': end - 7 * DAY + rand() * 5 * DAY,
      '1d': end - DAY + rand() * 8 * 60 * MINUTE,
      '0d': end + rand() * 2 * 60 * MINUTE,
      ended: end + DAY + rand() * 2 * DAY,
    };
    const steps = REMINDER_STEPS.filter(
      (step, i) => (i === 0 || rand() < 0.4) && due[step] > deliveredAt && due[step] < now,
    );
    if (!steps.length) continue;
    const by = pick(rand, admins);
    reminders.push({
      stream: subscriptionRemindersStream(id),
      events: steps.map((step): SubscriptionEvent => ({
        type: 'SubscriptionReminded',
        data: { subscriptionId: id, orderId: orderOf.get(id)!, step, by, at: iso(due[step]) },
      })),
    });
    reminderCount += steps.length;
  }

  return {
    phases: [
      { what: 'orders that opened subscriptions, and failed payments', streams: orderStreams },
      { what: 'deliveries', streams: deliveries },
      { what: 'refunds', streams: refunds },
      ...renewalRounds.map((streams, round) => ({ what: `renewals, round ${round + 1}`, streams })),
      { what: 'reminders', streams: reminders },
    ],
    orders: drafts.length,
    subscriptions,
    customers,
    trials: drafts.filter((d) => d.kind === 'trial').length,
    failed: drafts.filter((d) => d.kind === 'failed').length,
    refunded: refunds.length,
    renewals: drafts.filter((d) => d.kind === 'renewal').length,
    reminders: reminderCount,
  };
}
