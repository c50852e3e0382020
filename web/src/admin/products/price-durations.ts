import { typedNumberOf } from '@shared/text/constants';
import {
  DURATIONS,
  defaultPrice,
  hasDuration,
  inDurationOrder,
  priceProblem,
  repeatedDurations,
  type CatalogueMessageKey,
  type Duration,
} from '@shared/catalogue/constants';
import type { PriceDuration } from '@shared/catalogue/types';

// The price-duration editor's rules (docs/product.md#validation), pure so they are tested on their own:
// - rows stay in the canonical order (free trial, 1 month … life time; rows still without a
//   duration last), and a duration cannot be in two rows;
// - a duration is added as a row without one, then chosen: it gets its default price from the
//   product's base price (×0, 1, 2.7, 5, 9, 11, 20, rounded), and keeps following the chosen
//   duration until a price is typed;
// - editing the first row's price or duration sets the product's base price and duration;
// - prices are whole numbers of at least 0; a row can be switched off (not offered);
// - rows without a duration are not sent.

export interface PriceRow {
  /** Stable across re-sorting: React's key and the way focus follows a row that moved. */
  key: string;
  duration: Duration | '';
  /** As typed. */
  price: string;
  active: boolean;
  /** The admin typed this price (or it came from the server): a new duration then keeps it. */
  priceTyped: boolean;
}

export interface PriceEditorState {
  rows: PriceRow[];
  /** The product's base price and duration, from which added durations are priced. */
  base: { price: number; duration: Duration | '' };
}

let keys = 0;
const newKey = () => `price-row-${++keys}`;

const sorted = (rows: PriceRow[]) => inDurationOrder(rows);

/** A product's prices as saved, or, for a new product, one row of 1 month waiting for its price. */
export function initialPrices(
  product?: { priceDurations: readonly PriceDuration[]; price: number; duration: Duration } | null,
): PriceEditorState {
  if (!product) {
    return {
      rows: [{ key: newKey(), duration: '1 month', price: '', active: true, priceTyped: false }],
      base: { price: 0, duration: '1 month' },
    };
  }
  const rows = product.priceDurations.map((entry) => ({
    key: newKey(),
    duration: entry.duration,
    price: String(entry.price),
    active: entry.active,
    priceTyped: true,
  }));
  return { rows: sorted(rows), base: { price: product.price, duration: product.duration } };
}

/** Durations no other row holds, in the canonical order (what a row's duration menu offers). */
export function unusedDurations(state: PriceEditorState, exceptKey?: string): Duration[] {
  const used = new Set(state.rows.filter((row) => row.key !== exceptKey).map((row) => row.duration));
  return DURATIONS.filter((duration) => !used.has(duration));
}

/** A new row without a duration yet, at the end; none while one is still waiting or every duration is taken. */
export function addBlankRow(state: PriceEditorState): { state: PriceEditorState; key: string | null } {
  const waiting = state.rows.find((row) => row.duration === '');
  if (waiting) return { state, key: waiting.key };
  if (unusedDurations(state).length === 0) return { state, key: null };
  const row: PriceRow = { key: newKey(), duration: '', price: '', active: true, priceTyped: false };
  return { state: { ...state, rows: [...state.rows, row] }, key: row.key };
}

const isFirst = (state: PriceEditorState, key: string) => state.rows[0]?.key === key;

/**
 * Gives a row another duration (one no other row holds, else nothing changes). A price never typed
 * follows the new duration's default; the first row's change sets the base duration (and price).
 */
export function setDuration(state: PriceEditorState, key: string, duration: Duration | ''): PriceEditorState {
  const row = state.rows.find((candidate) => candidate.key === key);
  if (!row || row.duration === duration) return state;
  if (duration !== '' && state.rows.some((other) => other.key !== key && other.duration === duration)) return state;
  const price = row.priceTyped || duration === '' ? row.price : String(defaultPrice(duration, state.base.price));
  const changed: PriceRow = { ...row, duration, price };
  const rows = sorted(state.rows.map((candidate) => (candidate.key === key ? changed : candidate)));
  if (!isFirst(state, key) || duration === '') return { ...state, rows };
  const typed = typedNumberOf(price);
  return { rows, base: { duration, price: priceProblem(typed) ? state.base.price : typed } };
}

/** The admin types a price; in the first row it becomes the base price (once it is a valid price). */
export function setPrice(state: PriceEditorState, key: string, text: string): PriceEditorState {
  const rows = state.rows.map((row) => (row.key === key ? { ...row, price: text, priceTyped: true } : row));
  if (!isFirst(state, key)) return { ...state, rows };
  const price = typedNumberOf(text);
  const first = rows[0]!;
  return priceProblem(price) ? { ...state, rows } : { rows, base: { price, duration: first.duration } };
}

/** Offers the duration or not (each entry has `active`). */
export function setActive(state: PriceEditorState, key: string, active: boolean): PriceEditorState {
  return { ...state, rows: state.rows.map((row) => (row.key === key ? { ...row, active } : row)) };
}

export function removeRow(state: PriceEditorState, key: string): PriceEditorState {
  return { ...state, rows: state.rows.filter((row) => row.key !== key) };
}

export type PriceProblem = { key: CatalogueMessageKey | 'durationTwice'; duration?: string };

/** What stands in the way of saving: per row (by key) and for the list as a whole. */
export function priceProblems(state: PriceEditorState): { rows: Record<string, PriceProblem>; list?: PriceProblem } {
  const rows: Record<string, PriceProblem> = {};
  const withDuration = state.rows.filter(hasDuration);
  for (const row of withDuration) {
    const problem = priceProblem(typedNumberOf(row.price));
    if (problem) rows[row.key] = { key: problem };
  }
  const repeated = repeatedDurations(withDuration)[0];
  if (repeated) return { rows, list: { key: 'durationTwice', duration: repeated } };
  if (withDuration.length === 0) return { rows, list: { key: 'durationsRequired' } };
  return { rows };
}

/** What is sent: rows with a duration, in the canonical order, prices as numbers. */
export function pricesToSend(state: PriceEditorState): PriceDuration[] {
  return inDurationOrder(state.rows.filter(hasDuration)).map((row) => ({
    duration: row.duration as Duration,
    price: typedNumberOf(row.price),
    active: row.active,
  }));
}
