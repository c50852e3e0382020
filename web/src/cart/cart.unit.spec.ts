import type { PriceDuration } from '@shared/catalogue/types';
import { describe, expect, it } from 'vitest';
import {
  acknowledgePrices,
  addItem,
  cartTotal,
  clearCart,
  isTrialCart,
  itemCount,
  parseStoredCart,
  removeItem,
  repriceItems,
  serializeCart,
  updateQuantity,
  type CartItem,
  type CartProduct,
  unavailableLines,
} from './cart';
import { createCartStore } from './store';
import { nameIn } from '../lib/catalogue-language';
import type { KeyValueStorage } from '../lib/storage';

const basic: CartProduct = { id: 'p-1', name: 'Basic', price: 2000, duration: '1 month', quality: 'HD' };
const premium: CartProduct = { id: 'p-2', name: 'Premium', price: 4000, duration: '1 month' };

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('addItem', () => {
  it('adds a new line with the product’s own duration and price by default', () => {
    expect(addItem([], basic)).toEqual([
      { product: basic, quantity: 1, selectedDuration: '1 month', selectedPrice: 2000 },
    ]);
  });

  it('raises the quantity by one for the same product and duration', () => {
    const cart = addItem(addItem([], basic), basic);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(2);
  });

  it('adds a separate line for another duration of the same product', () => {
    const cart = addItem(addItem([], basic), basic, { duration: '3 months', price: 5400 });
    expect(cart.map((item) => [item.selectedDuration, item.selectedPrice, item.quantity])).toEqual([
      ['1 month', 2000, 1],
      ['3 months', 5400, 1],
    ]);
  });

  it('does not mutate the given cart', () => {
    const before = addItem([], basic);
    const copy = structuredClone(before);
    addItem(before, basic);
    expect(before).toEqual(copy);
  });
});

describe('removeItem', () => {
  it('removes every line of that product and keeps the others', () => {
    let cart = addItem([], basic);
    cart = addItem(cart, basic, { duration: '6 months', price: 10000 });
    cart = addItem(cart, premium);
    expect(removeItem(cart, 'p-1').map((item) => item.product.id)).toEqual(['p-2']);
  });
});

describe('updateQuantity', () => {
  const cart = addItem(addItem([], basic), basic, { duration: '3 months', price: 5400 });

  it('sets the quantity of the matching line only', () => {
    const updated = updateQuantity(cart, 'p-1', '3 months', 4);
    expect(updated.map((item) => item.quantity)).toEqual([1, 4]);
  });

  it('ignores quantities below 1 and non-numbers', () => {
    expect(updateQuantity(cart, 'p-1', '1 month', 0)).toBe(cart);
    expect(updateQuantity(cart, 'p-1', '1 month', -3)).toBe(cart);
    expect(updateQuantity(cart, 'p-1', '1 month', Number.NaN)).toBe(cart);
  });

  it('rounds fractional quantities down', () => {
    expect(updateQuantity(cart, 'p-1', '1 month', 2.7)[0]!.quantity).toBe(2);
  });
});

describe('a free trial in the cart (docs/product.md#free-trials)', () => {
  const trial = { duration: 'free trial', price: 0 };

  it('is one unit, however often it is added or raised', () => {
    let cart = addItem(addItem([], basic, trial), basic, trial);
    expect(cart.map((item) => item.quantity)).toEqual([1]);
    cart = updateQuantity(cart, 'p-1', 'free trial', 5);
    expect(cart[0]!.quantity).toBe(1);
  });

  it('costs nothing, whatever price it was added or repriced at', () => {
    const cart = addItem([], basic, { duration: 'free trial', price: 300 });
    expect(cartTotal(cart)).toBe(0);
    const listed: PriceDuration[] = [{ duration: 'free trial', price: 300, active: true }];
    expect(repriceItems(cart, [{ id: 'p-1', price: 2000, duration: '1 month', priceDurations: listed }])).toBe(cart);
  });

  it('is never mixed with paid packages, whichever comes first', () => {
    const trialCart = addItem([], basic, trial);
    expect(addItem(trialCart, premium)).toBe(trialCart);
    const paidCart = addItem([], premium);
    expect(addItem(paidCart, basic, trial)).toBe(paidCart);
    expect(isTrialCart(trialCart)).toBe(true);
    expect(isTrialCart(paidCart)).toBe(false);
    expect(isTrialCart([])).toBe(false);
  });
});

describe('totals', () => {
  it('counts units and sums price times quantity, rounded', () => {
    let cart: readonly CartItem[] = addItem([], basic);
    cart = addItem(cart, basic);
    cart = addItem(cart, premium, { price: 1234.6 });
    expect(itemCount(cart)).toBe(3);
    expect(cartTotal(cart)).toBe(5235);
    expect(itemCount(clearCart())).toBe(0);
    expect(cartTotal([])).toBe(0);
  });
});

describe('parseStoredCart', () => {
  it('round-trips a serialized cart', () => {
    const cart = addItem(addItem([], basic), premium, { duration: '12 months', price: 36000 });
    expect(parseStoredCart(serializeCart(cart))).toEqual(cart);
  });

  it.each([null, '', 'not json', '{"a":1}', '42', 'null', '"cart"', '[1,2'])('gives an empty cart for %j', (raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('drops malformed lines and keeps the good ones', () => {
    const good = { product: basic, quantity: 2, selectedDuration: '1 month', selectedPrice: 2000 };
    const raw = JSON.stringify([
      good,
      null,
      { product: null, quantity: 1, selectedDuration: 'x', selectedPrice: 1 },
      { product: { name: 'no id' }, quantity: 1, selectedDuration: 'x', selectedPrice: 1 },
      { product: basic, quantity: 0, selectedDuration: '1 month', selectedPrice: 2000 },
      { product: basic, quantity: 1, selectedDuration: 3, selectedPrice: 2000 },
      { product: basic, quantity: 1, selectedDuration: '3 months', selectedPrice: 'abc' },
    ]);
    expect(parseStoredCart(raw)).toEqual([good]);
  });

  it('accepts numeric strings and merges duplicate lines', () => {
    const line = { product: basic, quantity: '2', selectedDuration: '1 month', selectedPrice: '2000' };
    expect(parseStoredCart(JSON.stringify([line, line]))).toEqual([
      { product: basic, quantity: 4, selectedDuration: '1 month', selectedPrice: 2000 },
    ]);
  });
});

describe('createCartStore', () => {
  it('restores from storage, saves every change and notifies subscribers', () => {
    const stored = serializeCart(addItem([], basic));
    const storage = memoryStorage({ cart: stored });
    const store = createCartStore({ storage });
    expect(store.getSnapshot().itemCount).toBe(1);

    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    store.addItem(premium);
    store.updateQuantity('p-1', '1 month', 3);
    store.updateQuantity('p-1', '1 month', 0);
    expect(store.getSnapshot()).toMatchObject({ itemCount: 4, total: 10000 });
    expect(parseStoredCart(storage.data.get('cart')!)).toEqual(store.getSnapshot().items);
    expect(notified).toBe(2);

    store.removeItem('p-2');
    store.clear();
    expect(store.getSnapshot()).toMatchObject({ items: [], itemCount: 0, total: 0 });
    expect(storage.data.get('cart')).toBe('[]');
    unsubscribe();
  });

  it('starts empty when the stored cart is corrupt', () => {
    const store = createCartStore({ storage: memoryStorage({ cart: '{oops' }) });
    expect(store.getSnapshot().items).toEqual([]);
  });

  it('keeps working when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    const store = createCartStore({ storage: broken });
    store.addItem(basic);
    expect(store.getSnapshot().itemCount).toBe(1);
  });
});

describe('repriceItems', () => {
  const withDurations = {
    ...basic,
    priceDurations: [
      { duration: '1 month', price: 2000, active: true },
      { duration: '3 months', price: 5400, active: true },
    ] satisfies PriceDuration[],
  };

  it('takes the catalogue price of each line’s duration', () => {
    let items = addItem([], withDurations, { duration: '3 months', price: 5400 });
    items = addItem(items, premium);
    const repriced = repriceItems(items, [
      {
        id: 'p-1',
        price: 2200,
        duration: '1 month',
        priceDurations: [
          { duration: '1 month', price: 2200, active: true },
          { duration: '3 months', price: 6000, active: true },
        ],
      },
      { id: 'p-2', price: 4500, duration: '1 month', priceDurations: [] },
    ]);
    expect(repriced.map((item) => item.selectedPrice)).toEqual([6000, 4500]);
    expect(repriced[0]!.product.price).toBe(2200);
    expect(cartTotal(repriced)).toBe(10500);
  });

  it('returns the same cart when nothing changed, and keeps lines the catalogue does not list', () => {
    const items = addItem(addItem([], withDurations, { duration: '3 months', price: 5400 }), premium);
    expect(repriceItems(items, [{ ...withDurations, price: 2000, duration: '1 month' }])).toBe(items);
    expect(repriceItems(items, [])).toBe(items);
    // An inactive duration has no current price: the line stays as it is.
    const inactive = { duration: '3 months', price: 1, active: false } as const;
    expect(repriceItems(items, [{ id: 'p-1', price: 2000, duration: '1 month', priceDurations: [inactive] }])).toBe(
      items,
    );
  });

  it('is applied by the store and saved', () => {
    const storage = memoryStorage();
    const store = createCartStore({ storage });
    store.addItem(withDurations, { duration: '1 month', price: 2000 });
    store.reprice([
      {
        id: 'p-1',
        price: 2500,
        duration: '1 month',
        priceDurations: [{ duration: '1 month', price: 2500, active: true }],
      },
    ]);
    expect(store.getSnapshot().total).toBe(2500);
    expect(parseStoredCart(storage.data.get('cart') ?? null)[0]!.selectedPrice).toBe(2500);
  });
});

describe('the names of a cart’s lines (docs/product.md#catalogue-languages)', () => {
  const names = { ar: 'أساسي', fr: 'Basique' };
  const named: CartProduct = { ...basic, names, defaultLanguage: 'fr' };
  const prices = [{ duration: '1 month', price: 2000, active: true }] satisfies PriceDuration[];

  it('are shown in the page’s language, else the default one, else the line’s own name', () => {
    expect(nameIn(named.names, named.defaultLanguage, 'ar', named.name)).toEqual({ name: 'أساسي', language: 'ar' });
    expect(nameIn(named.names, named.defaultLanguage, 'en', named.name)).toEqual({ name: 'Basique', language: 'fr' });
    // A line saved before languages: its one name.
    expect(nameIn(basic.names, basic.defaultLanguage, 'ar', basic.name)).toEqual({ name: 'Basic' });
  });

  it('follow the catalogue when it renames a product, its price unchanged', () => {
    const items = addItem([], { ...named, priceDurations: prices });
    const source = {
      id: 'p-1',
      price: 2000,
      duration: '1 month' as const,
      priceDurations: prices,
      defaultLanguage: 'fr' as const,
    };
    const translations = {
      ar: { name: 'أساسي', description: '', features: [] },
      fr: { name: 'Basique', description: '', features: [] },
    };
    expect(repriceItems(items, [{ ...source, translations }])).toBe(items);
    const english = { ...translations, en: { name: 'Basic', description: '', features: [] } };
    const renamed = repriceItems(items, [{ ...source, translations: english }]);
    expect(renamed[0]!.product.names).toEqual({ ...names, en: 'Basic' });
    expect(renamed[0]!.selectedPrice).toBe(2000);
  });
});

describe('what changed in the catalogue since the cart was filled', () => {
  const listed = (price: number, active = true): PriceDuration[] => [{ duration: '1 month', price, active }];

  it('keeps the price the shopper saw until the change is acknowledged, across a reload', () => {
    const cart = addItem([], basic);
    const repriced = repriceItems(cart, [
      { id: 'p-1', price: 2500, duration: '1 month', priceDurations: listed(2500) },
    ]);
    expect(repriced[0]).toMatchObject({ selectedPrice: 2500, priceWas: 2000 });
    // A second change keeps the first price seen; going back to it forgets the change.
    const again = repriceItems(repriced, [
      { id: 'p-1', price: 2700, duration: '1 month', priceDurations: listed(2700) },
    ]);
    expect(again[0]).toMatchObject({ selectedPrice: 2700, priceWas: 2000 });
    expect(parseStoredCart(serializeCart(again))[0]!.priceWas).toBe(2000);
    const back = repriceItems(again, [{ id: 'p-1', price: 2000, duration: '1 month', priceDurations: listed(2000) }]);
    expect(back[0]!.priceWas).toBeUndefined();
    expect(acknowledgePrices(again)[0]).not.toHaveProperty('priceWas');
    expect(acknowledgePrices(cart)).toBe(cart);
  });

  it('names the lines no longer sold: a package gone or switched off, a duration dropped', () => {
    const cart = addItem(addItem([], basic), premium);
    expect(unavailableLines(cart, [])).toHaveLength(2);
    const products = [
      { id: 'p-1', price: 2000, duration: '3 months' as const, priceDurations: listed(2000, false) },
      { id: 'p-2', price: 4000, duration: '1 month' as const, priceDurations: listed(4000) },
    ];
    expect(unavailableLines(cart, products).map((item) => item.product.id)).toEqual(['p-1']);
  });
});
