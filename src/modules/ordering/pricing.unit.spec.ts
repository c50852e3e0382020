import { englishOf } from '../../platform/error-text';
import { describe, expect, it } from 'vitest';
import { ORDER_TOTAL_MAX, orderMessages } from '../../shared/ordering';
import { priceLines, type PricedProduct } from './pricing';

const catalogue: PricedProduct[] = [
  {
    id: 'gold',
    name: 'Gold',
    quality: 'HD',
    active: true,
    priceDurations: [
      { duration: '1 month', price: 2000, active: true },
      { duration: '3 months', price: 5400, active: false },
      // A price an admin typed on the free trial: a trial still costs nothing.
      { duration: 'free trial', price: 300, active: true },
    ],
  },
  {
    id: 'dear',
    name: 'Dear',
    quality: '4K',
    active: true,
    priceDurations: [{ duration: 'life time', price: ORDER_TOTAL_MAX / 4, active: true }],
  },
  {
    id: 'old',
    name: 'Old',
    quality: 'SD',
    active: false,
    priceDurations: [{ duration: '1 month', price: 100, active: true }],
  },
];
const lookup = async (ids: string[]) => new Map(catalogue.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));

describe('checkout pricing', () => {
  it('prices a free trial at 0, whatever its row says', async () => {
    const lines = await priceLines(lookup, [{ productId: 'gold', duration: 'free trial', quantity: 1 }]);
    expect(lines).toEqual([expect.objectContaining({ duration: 'free trial', unitPrice: 0, quantity: 1 })]);
  });

  it('prices each line from the catalogue and merges the same package and duration', async () => {
    const lines = await priceLines(lookup, [
      { productId: 'gold', duration: '1 month', quantity: 1 },
      { productId: 'gold', duration: '1 month', quantity: 2 },
    ]);
    expect(lines).toEqual([
      { productId: 'gold', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 2000, quantity: 3 },
    ]);
  });

  it.each([
    [{ productId: 'nope', duration: '1 month', quantity: 1 }, 'A package in your cart is no longer available'],
    [{ productId: 'old', duration: '1 month', quantity: 1 }, 'A package in your cart is no longer available'],
    [{ productId: 'gold', duration: '3 months', quantity: 1 }, 'The duration "3 months" is not available for Gold.'],
    [{ productId: 'gold', duration: '1 week', quantity: 1 }, 'The duration "1 week" is not available for Gold.'],
  ])('refuses %o', async (item, message) => {
    await expect(priceLines(lookup, [item])).rejects.toThrow(message);
  });

  it('applies the quantity rule to the merged line: 50 lines of 100 are not one line of 5000', async () => {
    const lines = Array.from({ length: 50 }, () => ({ productId: 'gold', duration: '1 month', quantity: 100 }));
    await expect(priceLines(lookup, lines)).rejects.toMatchObject({
      status: 400,
      message: englishOf(orderMessages.quantity),
      details: { quantity: 5000 },
    });
    const atTheLimit = await priceLines(lookup, [
      { productId: 'gold', duration: '1 month', quantity: 60 },
      { productId: 'gold', duration: '1 month', quantity: 40 },
    ]);
    expect(atTheLimit[0]?.quantity).toBe(100);
  });

  it('refuses an order over the maximum total, and takes one at the maximum', async () => {
    expect((await priceLines(lookup, [{ productId: 'dear', duration: 'life time', quantity: 4 }]))[0]?.quantity).toBe(
      4,
    );
    await expect(
      priceLines(lookup, [
        { productId: 'dear', duration: 'life time', quantity: 4 },
        { productId: 'gold', duration: '1 month', quantity: 1 },
      ]),
    ).rejects.toMatchObject({
      status: 400,
      message: 'This order is over the maximum of 10,000,000 Da per order. Please split it into smaller orders.',
      details: { total: ORDER_TOTAL_MAX + 2000, max: ORDER_TOTAL_MAX },
    });
  });
});
