import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { changedTotal } from './payment';

describe('checkout errors', () => {
  it('reads the new total of a 409', () => {
    expect(
      changedTotal(new ApiError('Prices changed', 409, { message: 'Prices changed', status: 409, total: 12000 })),
    ).toBe(12000);
    expect(changedTotal(new ApiError('Bad', 400, { total: 1 }))).toBeNull();
  });
});
