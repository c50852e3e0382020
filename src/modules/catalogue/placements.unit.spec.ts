import { describe, expect, it } from 'vitest';
import type { PlacementEvent } from './events';
import { PLACEMENT_IN_FLIGHT_MS, isClosed, recentPlacements } from './placements';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const placed = (productId: string, at: string): PlacementEvent => ({
  type: 'ProductPlacedInCategory',
  data: { categoryId: 'c', productId, at },
});
const closed: PlacementEvent = { type: 'CategoryClosedToProducts', data: { categoryId: 'c', at: ago(0) } };
const reopened: PlacementEvent = { type: 'CategoryReopenedToProducts', data: { categoryId: 'c', at: ago(0) } };

describe('placements', () => {
  it('counts placements of the last minute, at its edge included, once per product', () => {
    const history = [
      placed('old', ago(PLACEMENT_IN_FLIGHT_MS + 1)),
      placed('edge', ago(PLACEMENT_IN_FLIGHT_MS)),
      placed('p', ago(5_000)),
      placed('p', ago(1_000)),
    ];
    expect(recentPlacements(history, now).map((p) => p.productId)).toEqual(['edge', 'p']);
  });

  it('is closed after a closing, open again after a reopening, whatever placements came between', () => {
    expect(isClosed([])).toBe(false);
    expect(isClosed([placed('p', ago(0)), closed])).toBe(true);
    expect(isClosed([closed, placed('p', ago(0))])).toBe(true);
    expect(isClosed([closed, reopened])).toBe(false);
  });
});
