import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import ar from './messages/ar.json';
import en from './messages/en.json';
import fr from './messages/fr.json';
import { formatPrice } from './format';
import { directionOf, languageInAddress, parseStoredLocale } from './locales';
import { parseStoredTheme, resolveTheme } from '../theme/theme';

const catalogues = { ar, fr, en } as Record<string, Record<string, string>>;

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string')
      into.add(element.value);
    if ('options' in element) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('message catalogues', () => {
  const ids = Object.keys(en).sort();

  it.each(['ar', 'fr'])('%s translates exactly the ids of en', (locale) => {
    expect(Object.keys(catalogues[locale]!).sort()).toEqual(ids);
  });

  it.each(['ar', 'fr', 'en'])('%s: every message is valid ICU with the same arguments as English', (locale) => {
    for (const id of ids) {
      const message = catalogues[locale]![id]!;
      expect(message.trim(), `${locale} ${id}`).not.toBe('');
      const ast = parse(message, { requiresOtherClause: true });
      const expected = argumentsOf(parse(catalogues.en![id]!));
      expect(argumentsOf(ast), `${locale} ${id}`).toEqual(expected);
    }
  });

  it('Arabic messages are written in Arabic', () => {
    const latinOnly = ids.filter((id) => !/[\u0600-\u06ff]/.test(catalogues.ar![id]!));
    // Only the brand name and pure placeholders may stay in Latin script.
    expect(latinOnly).toEqual(['brand.name']);
  });
});

describe('formatPrice', () => {
  it('uses Latin digits, the locale grouping and the Da label', () => {
    expect(formatPrice(2000, 'en')).toBe('2,000\u00a0Da');
    expect(formatPrice(2000, 'ar')).toMatch(/^2[.,\u00a0\u202f ]000\u00a0Da$/);
    expect(formatPrice(1234567, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234 567 Da');
    expect(formatPrice(1999.6, 'en')).toBe('2,000\u00a0Da');
    expect(formatPrice(Number.NaN, 'en')).toBe('0\u00a0Da');
  });
});

describe('stored preferences', () => {
  it('restores only ar, fr or en as the language', () => {
    expect(parseStoredLocale('fr')).toBe('fr');
    expect(parseStoredLocale('"en"')).toBe('en');
    for (const raw of [null, '', 'de', 'AR', '{"x":1}', '"', 'null', '["ar"]'])
      expect(parseStoredLocale(raw)).toBeNull();
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
  });

  it('restores only light or dark as the theme, else follows the system', () => {
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('"light"')).toBe('light');
    expect(parseStoredTheme('blue')).toBeNull();
    expect(parseStoredTheme('{oops')).toBeNull();
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});

describe('languageInAddress', () => {
  it('takes ?lang= when it names one of the three languages, and nothing else', () => {
    expect(languageInAddress('?lang=fr')).toBe('fr');
    expect(languageInAddress('?order=1&lang=en')).toBe('en');
    expect(languageInAddress('?lang=de')).toBeNull();
    expect(languageInAddress('?lang=')).toBeNull();
    expect(languageInAddress('')).toBeNull();
  });
});
