import { describe, expect, it } from 'vitest';
import { isBestValue, monthsOf, previewText, savingPercent } from './catalogue';

describe('durations', () => {
  it('knows how many months each duration covers', () => {
    expect(monthsOf('1 month')).toBe(1);
    expect(monthsOf('15 months')).toBe(15);
    expect(monthsOf('free trial')).toBeNull();
    expect(monthsOf('life time')).toBeNull();
  });

  it('flags 6 months as best value', () => {
    expect(isBestValue('6 months')).toBe(true);
    expect(isBestValue('12 months')).toBe(false);
  });
});

describe('savingPercent', () => {
  const prices = [
    { duration: 'free trial', price: 0 },
    { duration: '1 month', price: 2000 },
    { duration: '3 months', price: 5400 },
    { duration: '6 months', price: 10000 },
    { duration: '12 months', price: 18000 },
    { duration: 'life time', price: 40000 },
  ];

  it('compares month for month with the first priced duration', () => {
    expect(savingPercent(prices, '3 months')).toBe(10);
    expect(savingPercent(prices, '6 months')).toBe(17);
    expect(savingPercent(prices, '12 months')).toBe(25);
  });

  it('has nothing to say for the reference itself, free trials, life time and no saving', () => {
    expect(savingPercent(prices, '1 month')).toBeNull();
    expect(savingPercent(prices, 'free trial')).toBeNull();
    expect(savingPercent(prices, 'life time')).toBeNull();
    expect(
      savingPercent(
        [
          { duration: '1 month', price: 1000 },
          { duration: '3 months', price: 3000 },
        ],
        '3 months',
      ),
    ).toBeNull();
    expect(savingPercent([{ duration: '3 months', price: 3000 }], '3 months')).toBeNull();
  });
});

describe('previewText', () => {
  it('keeps short texts whole', () => {
    expect(previewText('  Short text.  ')).toEqual({ preview: 'Short text.', truncated: false });
    expect(previewText('x'.repeat(150)).truncated).toBe(false);
  });

  it('cuts long texts at 150 characters, at a word boundary when one is near', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const { preview, truncated } = previewText(words);
    expect(truncated).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(Array.from(preview).length).toBeLessThanOrEqual(151);
    expect(words.startsWith(preview.slice(0, -1))).toBe(true);
    expect(preview.slice(0, -1).endsWith(' ')).toBe(false);
  });

  it('never splits a character made of two code units', () => {
    const { preview } = previewText('😀'.repeat(200));
    expect(Array.from(preview)).toHaveLength(151);
  });
});
