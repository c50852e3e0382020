// An administrator's first delivery of a generated order, for the benches whose shops deliver
// (bench/order-page.ts, bench/subscriptions.ts): the order records it (OrderDelivered), the
// subscriptions module's stream every unit's activation details sealed, as src/modules/subscriptions
// records them, and a sealed message on one order in three.
import type { OrderEvent, PlacedOrder } from '../src/modules/ordering/events';
import { orderSubscriptionsStream, subscriptionId, type SubscriptionEvent } from '../src/modules/subscriptions/events';
import type { Sealer } from '../src/platform/crypto/sealed';
import { endOf } from '../src/shared/subscriptions/terms';
import type { Activation } from '../src/shared/subscriptions/types';
import type { StreamAppend } from './reads';

/** A free trial's length, the store's default (TRIAL_LENGTH, 24h). */
const TRIAL_LENGTH_MS = 86_400_000;

/** The details an administrator would deliver for the `n`-th subscription, each kind in turn. */
export function activation(n: number): Activation {
  const note = n % 4 === 0 ? { note: 'Redémarrez le boîtier après la saisie.' } : {};
  switch (n % 4) {
    case 0:
      return {
        kind: 'xtream',
        serverUrl: 'http://line.tv-dz.example:8080',
        username: `c${n}`,
        password: `p${n}x7`,
        ...note,
      };
    case 1:
      return { kind: 'm3u', playlistUrl: `http://line.tv-dz.example/get.php?username=c${n}&password=p${n}&type=m3u` };
    case 2: {
      const mac = `00:1A:79:${[16, 8, 0].map((shift) => ((n >> shift) & 255).toString(16).padStart(2, '0')).join(':')}`;
      return { kind: 'mag', portalUrl: 'http://portal.tv-dz.example/c/', mac: mac.toUpperCase() };
    }
    default:
      return { kind: 'code', code: `TV-${String(n).padStart(8, '0')}` };
  }
}

/**
 * The order's first delivery at `at`, every unit of every line: OrderDelivered pushed onto the
 * order's events (after its dispatch), and its deliveries stream, to append once the order is.
 */
export function deliver(sealer: Sealer, events: OrderEvent[], placed: PlacedOrder, at: string): StreamAppend {
  const subscriptions = placed.lines.flatMap((line, l) =>
    Array.from({ length: line.quantity }, (_, unit) => {
      const details = activation(placed.number! * 4 + l * 2 + unit);
      return {
        subscriptionId: subscriptionId(placed.orderId, l, unit),
        kind: details.kind,
        activation: sealer.seal(details),
        startsAt: at,
        endsAt: endOf(line.duration, at, TRIAL_LENGTH_MS),
      };
    }),
  );
  const kinds = [...new Set(subscriptions.map((s) => s.kind))];
  events.push({
    type: 'OrderDelivered',
    data: { orderId: placed.orderId, kinds, subscriptions: subscriptions.length, at },
  });
  const message = placed.number! % 3 === 0 ? sealer.seal('Merci ! Écrivez-nous sur WhatsApp au moindre souci.') : null;
  const delivered: SubscriptionEvent = {
    type: 'SubscriptionsDelivered',
    data: { orderId: placed.orderId, message, subscriptions, at },
  };
  return { stream: orderSubscriptionsStream(placed.orderId), events: [delivered] };
}
