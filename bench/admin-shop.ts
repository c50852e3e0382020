// A real shop's two years of orders for bench/admin: customers (phones, Latin and Arabic names)
// who come back several times, packs bought for one of the catalogue's durations, and what became of
// each order (paid and then dispatched, paid and waiting to be dispatched, failed, still pending), as
// the ordering module's events (events.ts). Seeded, so every run has the same shop.
import { orderStream, type OrderEvent, type OrderLine, type PlacedOrder } from '../src/modules/ordering/events';
import { DURATIONS, QUALITIES, defaultPrice } from '../src/shared/catalogue';
import { PAYMENT_METHODS } from '../src/shared/ordering';

const DAY = 86_400_000;
const FIRST_NAMES = [
  'Amina',
  'Yacine',
  'Sarah',
  'Mohamed',
  'Lina',
  'Karim',
  'Nour',
  'Walid',
  'Meriem',
  'Sofiane',
  'Imane',
  'Rachid',
  'Yasmine',
  'Bilal',
  'Nadia',
  'Samir',
  'Khadidja',
  'Hamza',
  'Feriel',
  'Riad',
  'Asma',
  'Mehdi',
  'Chaima',
  'Anis',
  'Houda',
  'Nabil',
  'Rania',
  'Farid',
  'Selma',
  'Adel',
  'Ines',
  'Omar',
  'Leila',
  'Zaki',
];
const LAST_NAMES = [
  'Benali',
  'Bouzid',
  'Haddad',
  'Mansouri',
  'Belkacem',
  'Cherif',
  'Khelifi',
  'Saidi',
  'Boudiaf',
  'Mebarki',
  'Zerrouki',
  'Amrani',
  'Hamidi',
  'Brahimi',
  'Djebbar',
  'Ouali',
  'Rahmani',
  'Slimani',
  'Taleb',
  'Yahiaoui',
  'Benamar',
  'Kaci',
  'Lounis',
  'Meziane',
  'Nait',
  'Guerfi',
  'Ferhat',
  'Aissaoui',
  'Bensaid',
  'Chaouch',
];
const ARABIC_FIRST = ['أمينة', 'ياسين', 'سارة', 'محمد', 'لينة', 'كريم', 'نور', 'وليد', 'مريم', 'سفيان'];
const ARABIC_LAST = ['بن علي', 'بوزيد', 'حداد', 'منصوري', 'بلقاسم', 'شريف', 'خليفي', 'سعيدي'];
const packIds = random(24);
/** The catalogue's 24 packs, each with its monthly price. */
export const PACKS = Array.from({ length: 24 }, (_, i) => ({
  productId: uuid(packIds),
  productName: `Pack ${['Famille', 'Sport', 'Cinéma', 'Premium', 'Arabe', 'Monde'][i % 6]} ${Math.floor(i / 6) + 1}`,
  quality: QUALITIES[i % QUALITIES.length]!,
  monthly: 500 + 100 * ((i * 7) % 25),
}));
const SOLD_DURATIONS = DURATIONS.filter((d) => d !== 'free trial');

export interface Customer {
  name: string;
  email: string;
  phone: string;
}

export interface ShopOrder {
  stream: string;
  events: OrderEvent[];
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A version-4-shaped UUID drawn from `rand`. */
export function uuid(rand: () => number): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(rand() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** Customer c: a phone of its own (05, 06 or 07 and eight digits), one in seven named in Arabic. */
export function customer(c: number): Customer {
  const rand = random(c + 1);
  const phone = `0${5 + (c % 3)}${String((c * 7919 + 12_345_678) % 100_000_000).padStart(8, '0')}`;
  if (c % 7 === 3)
    return { name: `${pick(rand, ARABIC_FIRST)} ${pick(rand, ARABIC_LAST)}`, email: `client${c}@gmail.com`, phone };
  const first = pick(rand, FIRST_NAMES);
  const last = pick(rand, LAST_NAMES);
  return { name: `${first} ${last}`, email: `${first}.${last}${c % 100}@gmail.com`.toLowerCase(), phone };
}

/**
 * `total` orders over the two years before `now` from `customers` customers, oldest first, each
 * with its events: every customer orders at least once, from the day they first came.
 */
export function shopOrders(total: number, customers: number, now: number): ShopOrder[] {
  const rand = random(2026);
  // How many orders each customer places: 1 and a geometric tail (about 5 on average).
  const counts = Array.from(
    { length: customers },
    () => 1 + Math.floor(-Math.log(1 - rand()) * (total / customers - 1)),
  );
  let placed = counts.reduce((a, b) => a + b, 0);
  while (placed > total) {
    const c = Math.floor(rand() * customers);
    if (counts[c]! > 1) {
      counts[c]!--;
      placed--;
    }
  }
  for (; placed < total; placed++) counts[Math.floor(rand() * customers)]!++;

  const placements: { at: number; c: number }[] = [];
  counts.forEach((count, c) => {
    const joined = now - 730 * DAY * rand();
    placements.push({ at: joined, c });
    for (let i = 1; i < count; i++) placements.push({ at: joined + (now - joined) * rand(), c });
  });
  placements.sort((a, b) => a.at - b.at);
  return placements.map(({ at, c }, index) => order(rand, index + 1, Math.floor(at), customer(c), now));
}

/** What a shopper puts in a cart: one pack (or two), for a duration the catalogue sells, one unit (or two). */
export function cartLines(rand: () => number): OrderLine[] {
  return Array.from({ length: rand() < 0.85 ? 1 : 2 }, () => {
    const pack = pick(rand, PACKS);
    const duration = pick(rand, SOLD_DURATIONS);
    return {
      productId: pack.productId,
      productName: pack.productName,
      duration,
      quality: pack.quality,
      unitPrice: defaultPrice(duration, pack.monthly),
      quantity: rand() < 0.9 ? 1 : 2,
    };
  });
}

function order(rand: () => number, number: number, at: number, who: Customer, now: number): ShopOrder {
  const orderId = uuid(rand);
  const lines = cartLines(rand);
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const iso = (ms: number) => new Date(Math.min(ms, now)).toISOString();
  const method = pick(rand, PAYMENT_METHODS);
  const placedOrder: PlacedOrder = {
    orderId,
    number,
    checkoutId: `sandbox_${orderId}`,
    provider: 'sandbox',
    lines,
    total,
    phone: who.phone,
    customerName: who.name,
    customerEmail: who.email,
    requestedMethod: method,
    at: iso(at),
  };
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placedOrder }];
  // Checkouts of the last half hour may still be paid; older ones were paid or failed.
  if (now - at > 30 * 60_000) {
    const settledAt = at + 60_000 + rand() * 9 * 60_000;
    if (rand() < 0.82) {
      events.push({ type: 'OrderPaid', data: { orderId, paymentMethod: method, amount: total, at: iso(settledAt) } });
      // Paid orders are dispatched within a day, but for a few forgotten ones; those of the last
      // two days may still wait.
      if (rand() < (now - at > 2 * DAY ? 0.99 : 0.5))
        events.push({ type: 'OrderDispatched', data: { orderId, at: iso(settledAt + rand() * DAY) } });
    } else {
      const reason = pick(rand, ['expired', 'expired', 'expired', 'failed', 'canceled'] as const);
      events.push({ type: 'OrderPaymentFailed', data: { orderId, reason, at: iso(settledAt) } });
    }
  }
  return { stream: orderStream(orderId), events };
}
