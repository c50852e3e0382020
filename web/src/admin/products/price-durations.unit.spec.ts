import { DURATIONS, type Duration } from '@shared/catalogue/constants';
import { describe, expect, it } from 'vitest';
import {
  addBlankRow,
  initialPrices,
  priceProblems,
  pricesToSend,
  removeRow,
  setActive,
  setDuration,
  setPrice,
  unusedDurations,
  type PriceEditorState,
} from './price-durations';

// The price-duration editor of the product form (docs/product.md#validation).

const durations = (state: PriceEditorState) => state.rows.map((row) => row.duration);
const prices = (state: PriceEditorState) => state.rows.map((row) => row.price);
const keyOf = (state: PriceEditorState, duration: string) => state.rows.find((row) => row.duration === duration)!.key;

/** Adds a duration as the admin does: a new row, then its duration chosen. */
function addDuration(state: PriceEditorState, duration: Duration): PriceEditorState {
  const added = addBlankRow(state);
  return setDuration(added.state, added.key!, duration);
}

/** A new product whose first row (1 month) costs `price`. */
function priced(price: string): PriceEditorState {
  const state = initialPrices();
  return setPrice(state, state.rows[0]!.key, price);
}

describe('the price-duration editor', () => {
  it('starts a new product with one 1-month row waiting for its price', () => {
    const state = initialPrices();
    expect(durations(state)).toEqual(['1 month']);
    expect(prices(state)).toEqual(['']);
    expect(state.base).toEqual({ price: 0, duration: '1 month' });
  });

  it("loads a product's prices in the canonical order, with its base price and duration", () => {
    const state = initialPrices({
      priceDurations: [
        { duration: 'life time', price: 40000, active: true },
        { duration: '1 month', price: 2000, active: true },
        { duration: 'free trial', price: 0, active: false },
      ],
      price: 2000,
      duration: '1 month',
    });
    expect(durations(state)).toEqual(['free trial', '1 month', 'life time']);
    expect(state.rows.map((row) => row.active)).toEqual([false, true, true]);
    expect(state.base).toEqual({ price: 2000, duration: '1 month' });
  });

  it('prices each added duration from the base price with the default multipliers, rounded', () => {
    let state = priced('1001');
    for (const duration of DURATIONS.filter((d) => d !== '1 month')) state = addDuration(state, duration);
    expect(durations(state)).toEqual([...DURATIONS]);
    expect(prices(state)).toEqual(['0', '1001', '2703', '5005', '9009', '11011', '20020']);
  });

  it('keeps the rows in the canonical order whatever order they are added in', () => {
    let state = priced('2000');
    for (const duration of ['life time', '3 months', 'free trial', '12 months'] as const)
      state = addDuration(state, duration);
    expect(durations(state)).toEqual(['free trial', '1 month', '3 months', '12 months', 'life time']);
  });

  it('refuses a duration that is already there, changing nothing', () => {
    const state = addDuration(priced('2000'), '3 months');
    const added = addBlankRow(state);
    expect(setDuration(added.state, added.key!, '3 months')).toBe(added.state);
    // Nor can another row take it.
    expect(setDuration(state, keyOf(state, '1 month'), '3 months')).toBe(state);
    // A new row's menu does not offer it.
    expect(unusedDurations(added.state, added.key!)).toEqual(
      DURATIONS.filter((d) => d !== '1 month' && d !== '3 months'),
    );
    expect(unusedDurations(state)).not.toContain('3 months');
    expect(unusedDurations(state, keyOf(state, '3 months'))).toContain('3 months');
  });

  it('sets the base price and duration when the first row is edited, and only then', () => {
    let state = addDuration(priced('2000'), '3 months');
    expect(state.base).toEqual({ price: 2000, duration: '1 month' });
    // Another row's price is its own business.
    state = setPrice(state, keyOf(state, '3 months'), '5000');
    expect(state.base.price).toBe(2000);
    // The first row's new price is the new base: the next duration added is priced from it.
    state = setPrice(state, keyOf(state, '1 month'), '3000');
    expect(state.base).toEqual({ price: 3000, duration: '1 month' });
    expect(prices(addDuration(state, '6 months'))).toEqual(['3000', '5000', '15000']);
    // The first row's new duration is the new base duration (its typed price stays).
    state = setDuration(state, keyOf(state, '1 month'), '6 months');
    expect(state.base).toEqual({ price: 3000, duration: '6 months' });
    expect(durations(state)).toEqual(['3 months', '6 months']);
    // A price that is not a whole number yet leaves the base as it was.
    state = setPrice(state, keyOf(state, '3 months'), '12.5');
    expect(state.base).toEqual({ price: 3000, duration: '6 months' });
  });

  it('gives a row that changes duration the default price, unless its price was typed', () => {
    let state = priced('2000');
    const added = addBlankRow(state);
    state = added.state;
    expect(durations(state)).toEqual(['1 month', '']);
    state = setDuration(state, added.key!, '12 months');
    expect(prices(state)).toEqual(['2000', '18000']);
    state = setDuration(state, added.key!, '6 months');
    expect(prices(state)).toEqual(['2000', '10000']);
    state = setPrice(state, added.key!, '9500');
    state = setDuration(state, added.key!, '3 months');
    expect(prices(state)).toEqual(['2000', '9500']);
  });

  it('adds one row without a duration at a time, none once every duration is taken', () => {
    const first = addBlankRow(priced('2000'));
    const second = addBlankRow(first.state);
    expect(second.state).toBe(first.state);
    expect(second.key).toBe(first.key);
    let full = priced('2000');
    for (const duration of DURATIONS.filter((d) => d !== '1 month')) full = addDuration(full, duration);
    expect(addBlankRow(full)).toEqual({ state: full, key: null });
  });

  it('sends only rows with a duration, in order, with whole-number prices and their active flag', () => {
    let state = addDuration(priced('2000'), 'free trial');
    state = setActive(state, keyOf(state, 'free trial'), false);
    const blank = addBlankRow(state);
    state = setPrice(blank.state, blank.key!, '700');
    expect(pricesToSend(state)).toEqual([
      { duration: 'free trial', price: 0, active: false },
      { duration: '1 month', price: 2000, active: true },
    ]);
  });

  it('wants whole prices of at least 0 and at least one duration', () => {
    let state = addDuration(priced('-5'), '3 months');
    state = setPrice(state, keyOf(state, '3 months'), '99.9');
    expect(priceProblems(state)).toEqual({
      rows: { [keyOf(state, '1 month')]: { key: 'price' }, [keyOf(state, '3 months')]: { key: 'price' } },
    });
    state = setPrice(state, keyOf(state, '1 month'), ' ');
    expect(priceProblems(state).rows[keyOf(state, '1 month')]).toEqual({ key: 'price' });
    state = setPrice(state, keyOf(state, '1 month'), '10000001');
    expect(priceProblems(state).rows[keyOf(state, '1 month')]).toEqual({ key: 'priceOverMax' });
    state = setPrice(setPrice(state, keyOf(state, '1 month'), '0'), keyOf(state, '3 months'), '5400');
    expect(priceProblems(state)).toEqual({ rows: {} });
    // A row without a duration is neither checked nor counted.
    const blank = addBlankRow(removeRow(removeRow(state, keyOf(state, '1 month')), keyOf(state, '3 months')));
    expect(priceProblems(setPrice(blank.state, blank.key!, 'x'))).toEqual({
      rows: {},
      list: { key: 'durationsRequired' },
    });
  });
});
