import { describe, expect, it } from 'vitest';
import { deltaOf } from './live-catalogue';

// What a write's push carries (issue 17): the difference between the lists before and after it.

const item = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, name, ...extra });

describe('deltaOf', () => {
  it('is nothing when the lists show the same items, even as other objects', () => {
    expect(deltaOf([item('a', 'A'), item('b', 'B')], [item('a', 'A'), item('b', 'B')])).toBeUndefined();
    expect(deltaOf([], [])).toBeUndefined();
  });

  it('names the items new or different, whole, and the ids gone', () => {
    const before = [item('a', 'A'), item('b', 'B'), item('c', 'C')];
    const after = [item('a', 'A'), item('c', 'C', { category_name: 'Renamed' }), item('d', 'D')];
    expect(deltaOf(before, after)).toEqual({
      changed: [item('c', 'C', { category_name: 'Renamed' }), item('d', 'D')],
      removed: ['b'],
    });
  });

  it('sees a change deep inside an item (one price among several)', () => {
    const prices = (month: number) => ({ priceDurations: [{ duration: '1 month', price: month }] });
    expect(deltaOf([item('a', 'A', prices(1000))], [item('a', 'A', prices(1100))])?.changed).toEqual([
      item('a', 'A', prices(1100)),
    ]);
  });
});
