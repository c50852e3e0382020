import { describe, expect, it } from 'vitest';
import { askLimiter } from './routes';

describe('askLimiter (how often checkout-status may ask the provider)', () => {
  it('says yes once per interval for each key, and again once the interval has passed', () => {
    let now = 1_000_000;
    const mayAsk = askLimiter(5_000, () => now);
    expect(mayAsk('order-1')).toBe(true);
    expect(mayAsk('order-1')).toBe(false);
    expect(mayAsk('order-2')).toBe(true);
    now += 4_999;
    expect(mayAsk('order-1')).toBe(false);
    now += 1;
    expect(mayAsk('order-1')).toBe(true);
    expect(mayAsk('order-1')).toBe(false);
    // order-2 was asked at the start: its interval is over too.
    expect(mayAsk('order-2')).toBe(true);
  });
});
