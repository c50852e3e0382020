import { describe, expect, it } from 'vitest';
import { checkoutDescription, DESCRIPTION_MAX } from './description';
import type { OrderLine } from './events';

const line = (productName: string, quantity: number, duration = '1 month'): OrderLine => ({
  productId: productName,
  productName,
  duration,
  quality: 'HD',
  unitPrice: 1000,
  quantity,
});

describe('a checkout’s description', () => {
  const lines = [line('Gold', 2), line('Sport', 1, '3 months')];
  it('names the order and its packages with their quantity, in the page’s language', () => {
    expect(checkoutDescription(1042, lines, 'ar')).toBe('طلب رقم 1042: 2 × Gold (شهر واحد)، 1 × Sport (3 أشهر)');
    expect(checkoutDescription(1042, lines, 'fr')).toBe('Commande n° 1042 : 2 × Gold (1 mois), 1 × Sport (3 mois)');
    expect(checkoutDescription(1042, lines, 'en')).toBe('Order #1042: 2 × Gold (1 month), 1 × Sport (3 months)');
  });

  it('stays short, cut whole characters at a time', () => {
    const many = Array.from({ length: 50 }, (_, i) => line(`باقة ${i} 😀`, 1));
    const text = checkoutDescription(7, many, 'ar');
    // At most DESCRIPTION_MAX, one less when the cut falls on a space (trimmed before the ellipsis).
    expect(Array.from(text).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(Array.from(text).length).toBeGreaterThanOrEqual(DESCRIPTION_MAX - 1);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
