import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ERROR_CODES, ERRORS } from '@shared/errors/constants';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFrom } from '../api/http';
import ar from './errors/ar.json';
import en from './errors/en.json';
import fr from './errors/fr.json';
import { errorText, fieldTexts } from './error-text';

const catalogues = { ar, fr, en } as Record<string, Record<string, string>>;

/** The argument names a message uses, plural and select branches included. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
  }
  return names;
}

describe('the error catalogue', () => {
  it.each(Object.keys(catalogues))('%s translates every code the API answers, and nothing else', (locale) => {
    const ids = Object.keys(catalogues[locale]!).filter(
      (id) => !['error.unknown', 'error.network', 'error.http'].includes(id),
    );
    expect(ids.sort()).toEqual(ERROR_CODES.map((code) => `error.${code}`).sort());
  });

  it.each(Object.keys(catalogues))('%s uses only the values each error carries', (locale) => {
    for (const code of ERROR_CODES) {
      const english = argumentsOf(parse(ERRORS[code].en));
      const translated = argumentsOf(parse(catalogues[locale]![`error.${code}`]!));
      expect(
        [...translated].filter((name) => !english.has(name)),
        `${locale} error.${code}`,
      ).toEqual([]);
    }
  });

  it('says in English what the server says', () => {
    for (const code of ERROR_CODES) expect(en[`error.${code}` as keyof typeof en]).toBe(ERRORS[code].en);
  });
});

describe('errorText', () => {
  const intl = (locale: 'ar' | 'en') => createIntl({ locale, messages: catalogues[locale]! });
  const answer = (status: number, body: unknown) =>
    errorFrom(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it('translates by code with the values the error carries, never by the English text', async () => {
    const limited = await answer(429, {
      status: 429,
      code: 'checkout.rate_limited',
      params: { seconds: 30 },
      message: 'Some English wording the web app never reads',
    });
    expect(errorText(intl('en'), limited)).toBe('Too many checkouts from your address. Try again in 30 seconds.');
    const arabic = errorText(intl('ar'), limited);
    expect(arabic).toContain('30');
    expect(arabic).not.toMatch(/[A-Za-z]/);
  });

  it('shows a code this build does not know as the generic message in the page language', async () => {
    const unknown = await answer(400, { status: 400, code: 'future.rule', message: 'Send your PIN to…' });
    expect(errorText(intl('en'), unknown)).toBe(en['error.unknown']);
    expect(errorText(intl('ar'), unknown)).toBe(ar['error.unknown']);
    expect(errorText(intl('en'), unknown, 'The screen’s own words')).toBe('The screen’s own words');
  });

  it('names a status for an answer that is not the API’s, and the network for a failed fetch', async () => {
    const proxy = await errorFrom(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(proxy).toBeInstanceOf(ApiError);
    expect(errorText(intl('en'), proxy)).toBe('The store answered with an error (502). Please try again.');
    expect(errorText(intl('en'), new TypeError('Failed to fetch'))).toBe(en['error.network']);
  });

  it('gives each field its problem in the page language', async () => {
    const refused = await answer(400, {
      status: 400,
      code: 'phone.invalid',
      message: 'x',
      fields: { phone: { code: 'phone.invalid' }, name: { code: 'text.too_long', params: { field: 'Name', max: 5 } } },
    });
    expect(fieldTexts(intl('en'), refused)).toEqual({
      phone: ERRORS['phone.invalid'].en,
      name: 'Name must be at most 5 characters',
    });
    expect(fieldTexts(intl('ar'), refused).phone).not.toMatch(/[A-Za-z]/);
  });
});
