import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { changedTotal, orderDescription } from './payment';

describe('checkout errors', () => {
  it('reads the new total of a 409', () => {
    expect(
      changedTotal(new ApiError('Prices changed', 409, { message: 'Prices changed', status: 409, total: 12000 })),
    ).toBe(12000);
    expect(changedTotal(new ApiError('Bad', 400, { total: 1 }))).toBeNull();
  });

  it('describes the order for the payment page', () => {
    const item = (name: string, duration: string, quantity: number) => ({
      product: { id: name, name, price: 1, duration },
      quantity,
      selectedDuration: duration,
      selectedPrice: 1,
    });
    expect(orderDescription([item('Basic', '1 month', 1), item('Premium', '3 months', 2)], 'Order')).toBe(
      'Order: Basic (1 month), Premium (3 months) ×2',
    );
    expect(orderDescription([item('x'.repeat(600), '1 month', 1)], 'Order').length).toBeLessThanOrEqual(480);
  });
});
