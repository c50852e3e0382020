import { describe, expect, it } from 'vitest';
import { priceLines, type PricedProduct } from './pricing';

const catalogue: PricedProduct[] = [
  { id: 'gold', name: 'Gold', quality: 'HD', active: true, priceDurations: [{ duration: '1 month', price: 2000, active: true }, { duration: '3 months', price: 5400, active: false }] },
  { id: 'old', name: 'Old', quality: 'SD', active: false, priceDurations: [{ duration: '1 month', price: 100, active: true }] },
];
const lookup = async (ids: string[]) => new Map(catalogue.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));

describe('checkout pricing', () => {
  it('prices each line from the catalogue and merges the same package and duration', async () => {
    const lines = await priceLines(lookup, [
      { productId: 'gold', duration: '1 month', quantity: 1 },
      { productId: 'gold', duration: '1 month', quantity: 2 },
    ]);
    expect(lines).toEqual([{ productId: 'gold', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 2000, quantity: 3 }]);
  });

  it.each([
    [{ productId: 'nope', duration: '1 month', quantity: 1 }, 'A package in your cart is no longer available'],
    [{ productId: 'old', duration: '1 month', quantity: 1 }, 'A package in your cart is no longer available'],
    [{ productId: 'gold', duration: '3 months', quantity: 1 }, 'The duration "3 months" is not available for Gold.'],
    [{ productId: 'gold', duration: '1 week', quantity: 1 }, 'The duration "1 week" is not available for Gold.'],
  ])('refuses %o', async (item, message) => {
    await expect(priceLines(lookup, [item])).rejects.toThrow(message);
  });
});
