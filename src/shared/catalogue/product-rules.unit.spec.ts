import { describe, expect, it } from 'vitest';
import { englishOf } from '../../platform/error-text';
import {
  DURATIONS,
  catalogueMessages,
  channelsProblem,
  devicesProblem,
  hasDuration,
  imageProblem,
  inDurationOrder,
  isWholeNumberIn,
  priceProblem,
  productCreateSchema,
  repeatedDurations,
  withoutBlankFeatures,
} from '.';
import { ORDER_TOTAL_MAX } from '../ordering/constants';

// The zod-free product rules of constants.ts: the admin form calls them directly, the server's
// schema through zod. Each answers the key of the message the server sends.

describe('the product rules shared by the schema and the admin form', () => {
  it('checks whole numbers within bounds', () => {
    expect(isWholeNumberIn(0, 0)).toBe(true);
    expect(isWholeNumberIn(10, 1, 10)).toBe(true);
    for (const value of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null])
      expect(isWholeNumberIn(value, 0)).toBe(false);
    expect(isWholeNumberIn(11, 1, 10)).toBe(false);
  });

  it('answers the key of the message for channels, devices and prices', () => {
    expect([channelsProblem(0), channelsProblem(-1), channelsProblem(1.5)]).toEqual([null, 'channels', 'channels']);
    expect([devicesProblem(1), devicesProblem(10), devicesProblem(0), devicesProblem(11)]).toEqual([
      null,
      null,
      'devices',
      'devices',
    ]);
    expect([priceProblem(0), priceProblem(ORDER_TOTAL_MAX), priceProblem(ORDER_TOTAL_MAX + 1)]).toEqual([
      null,
      null,
      'priceOverMax',
    ]);
    expect([priceProblem(-1), priceProblem(9.99), priceProblem(Number.NaN)]).toEqual(['price', 'price', 'price']);
    expect(englishOf(catalogueMessages[priceProblem(-1)!])).toBe('Prices must be whole numbers of at least 0');
  });

  it('keeps rows with a duration, finds durations given twice, and sorts in the canonical order', () => {
    expect([{ duration: '1 month' }, { duration: ' ' }, { price: 3 }, null].map(hasDuration)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    const rows = [{ duration: '3 months' }, { duration: '1 month' }, { duration: '3 months' }, { duration: 'x' }];
    expect(repeatedDurations(rows)).toEqual(['3 months']);
    expect(inDurationOrder([...DURATIONS].reverse().map((duration) => ({ duration }))).map((r) => r.duration)).toEqual([
      ...DURATIONS,
    ]);
    expect(inDurationOrder(rows).map((r) => r.duration)).toEqual(['1 month', '3 months', '3 months', 'x']);
  });

  it('drops blank features and trims the others', () => {
    expect(withoutBlankFeatures([' HD ', '', '   ', 'VOD'])).toEqual(['HD', 'VOD']);
  });

  it('refuses an image over 2 MB or of another type before it is sent', () => {
    expect(imageProblem({ size: 2 * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(imageProblem({ size: 2 * 1024 * 1024 + 1, type: 'image/webp' })).toBe('imageTooLarge');
    expect(imageProblem({ size: 10, type: 'image/gif' })).toBe('imageType');
    expect(englishOf(catalogueMessages.imageTooLarge)).toBe(
      'Image size exceeds 2MB limit. Please choose a smaller file.',
    );
  });

  it('are what the schema applies: the same keys give the same messages', () => {
    const base = { name: 'Sport', category_id: 'sport', price_durations: [{ duration: '1 month', price: 100 }] };
    const issues = productCreateSchema.safeParse({
      ...base,
      channels: -1,
      devices: 11,
      price_durations: [{ duration: '1 month', price: ORDER_TOTAL_MAX + 1 }],
    }).error!.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path.join('.'), englishOf(issue.message)]))).toEqual({
      channels: englishOf(catalogueMessages[channelsProblem(-1)!]),
      devices: englishOf(catalogueMessages[devicesProblem(11)!]),
      'price_durations.0.price': englishOf(catalogueMessages[priceProblem(ORDER_TOTAL_MAX + 1)!]),
    });
  });
});
