import { useSyncExternalStore } from 'react';
import { readStored, writeStored, type KeyValueStorage } from '../lib/storage';
import {
  addItem,
  cartTotal,
  clearCart,
  itemCount,
  acknowledgePrices,
  repriceItems,
  parseStoredCart,
  removeItem,
  serializeCart,
  updateQuantity,
  type CartItem,
  type CartProduct,
  type PriceSource,
  type Renewal,
  type Selection,
} from './cart';
import { putRenewal, removeRenewal, setRenewalDuration, type DurationPrice } from './renewals';

/** localStorage key of the shopper's cart. */
export const CART_KEY = 'cart';

export interface CartSnapshot {
  items: readonly CartItem[];
  itemCount: number;
  total: number;
}

export interface CartStore {
  getSnapshot(): CartSnapshot;
  subscribe(listener: () => void): () => void;
  addItem(product: CartProduct, selection?: Selection): void;
  /** Removes all lines of the product. */
  removeItem(productId: string): void;
  /** Sets one line's quantity; below 1 is ignored. */
  updateQuantity(productId: string, selectedDuration: string, quantity: number): void;
  clear(): void;
  /** Takes the current catalogue prices (after a live update or a 409 at checkout). */
  reprice(products: readonly PriceSource[]): void;
  /** Forgets the earlier prices the cart page has shown. */
  acknowledgePrices(): void;
  /** Puts back lines as they were (Undo of a removal). */
  restore(items: readonly CartItem[]): void;
  /** Puts the renewal of a subscription in the cart, one unit of `entry` (docs/product.md#renewals). */
  putRenewal(product: CartProduct, entry: DurationPrice, renewal: Renewal): void;
  /** Another duration for the renewal of a subscription. */
  setRenewalDuration(subscriptionId: string, entry: DurationPrice): void;
  /** Removes the renewal of a subscription. */
  removeRenewal(subscriptionId: string): void;
}

function snapshotOf(items: readonly CartItem[]): CartSnapshot {
  return { items, itemCount: itemCount(items), total: cartTotal(items) };
}

/**
 * A cart kept in memory and saved to storage after every change. It is restored from storage at
 * creation and follows changes made in other tabs.
 */
export function createCartStore(
  options: { storage?: KeyValueStorage | null; key?: string; listenToOtherTabs?: boolean } = {},
): CartStore {
  const key = options.key ?? CART_KEY;
  const storage = options.storage; // undefined: the browser's localStorage
  let snapshot = snapshotOf(parseStoredCart(readStored(key, storage)));
  const listeners = new Set<() => void>();

  const notify = () => listeners.forEach((listener) => listener());
  const commit = (items: readonly CartItem[]) => {
    if (items === snapshot.items) return;
    snapshot = snapshotOf(items);
    writeStored(key, serializeCart(items), storage);
    notify();
  };

  if (options.listenToOtherTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      snapshot = snapshotOf(parseStoredCart(readStored(key, storage)));
      notify();
    });
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addItem: (product, selection) => commit(addItem(snapshot.items, product, selection)),
    removeItem: (productId) => commit(removeItem(snapshot.items, productId)),
    updateQuantity: (productId, selectedDuration, quantity) =>
      commit(updateQuantity(snapshot.items, productId, selectedDuration, quantity)),
    clear: () => commit(snapshot.items.length === 0 ? snapshot.items : clearCart()),
    reprice: (products) => commit(repriceItems(snapshot.items, products)),
    acknowledgePrices: () => commit(acknowledgePrices(snapshot.items)),
    restore: (items) => commit(items),
    putRenewal: (product, entry, renewal) => commit(putRenewal(snapshot.items, product, entry, renewal)),
    setRenewalDuration: (subscriptionId, entry) => commit(setRenewalDuration(snapshot.items, subscriptionId, entry)),
    removeRenewal: (subscriptionId) => commit(removeRenewal(snapshot.items, subscriptionId)),
  };
}

let browserCart: CartStore | null = null;

/** The shopper's cart, backed by localStorage (created on first use). */
export function cartStore(): CartStore {
  browserCart ??= createCartStore({ listenToOtherTabs: true });
  return browserCart;
}

const emptySnapshot = snapshotOf([]);

/** The cart's lines, item count and rounded total, plus the actions. */
export function useCart(): CartSnapshot & Omit<CartStore, 'getSnapshot' | 'subscribe'> {
  const store = cartStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, () => emptySnapshot);
  return {
    ...snapshot,
    addItem: store.addItem,
    removeItem: store.removeItem,
    updateQuantity: store.updateQuantity,
    clear: store.clear,
    reprice: store.reprice,
    acknowledgePrices: store.acknowledgePrices,
    restore: store.restore,
    putRenewal: store.putRenewal,
    setRenewalDuration: store.setRenewalDuration,
    removeRenewal: store.removeRenewal,
  };
}
