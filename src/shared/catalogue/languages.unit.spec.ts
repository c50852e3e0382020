import { describe, expect, it } from 'vitest';
import { acceptedLanguage, catalogueTextIn, shownLanguage, translationProblems } from './constants';

// Which language a shopper reads an item in (docs/product.md#catalogue-languages): the server's answers, the
// storefront and the back office all pick it with these.

describe('the language an item is shown in', () => {
  const all = { ar: 'عربي', fr: 'Français', en: 'English' };

  it('is the one asked for, when the item has it', () => {
    expect(shownLanguage(all, 'en', 'fr')).toBe('en');
    expect(catalogueTextIn(all, 'ar', 'fr')).toEqual({ language: 'ar', text: 'عربي' });
  });

  it("else the shop's default language, else the first the item has in the order ar, fr, en", () => {
    expect(catalogueTextIn({ fr: 'Français', en: 'English' }, 'ar', 'en')).toEqual({ language: 'en', text: 'English' });
    expect(catalogueTextIn({ fr: 'Français', en: 'English' }, 'ar', 'ar')).toEqual({
      language: 'fr',
      text: 'Français',
    });
    expect(shownLanguage({ en: 'x' }, undefined, 'ar')).toBe('en');
    expect(shownLanguage({ fr: 'x' }, undefined, 'fr')).toBe('fr');
    expect(catalogueTextIn({}, 'ar', 'fr')).toBeUndefined();
  });
});

describe('Accept-Language', () => {
  it('picks the most wanted of ar, fr and en, regions aside', () => {
    expect(acceptedLanguage('ar-DZ,ar;q=0.9,fr;q=0.8')).toBe('ar');
    expect(acceptedLanguage('de-DE, fr;q=0.7, en;q=0.9')).toBe('en');
    expect(acceptedLanguage('FR-dz')).toBe('fr');
    expect(acceptedLanguage('en;q=0, fr;q=0.1')).toBe('fr');
  });

  it('names none when it asks for none of them', () => {
    for (const header of [undefined, '', '*', 'de, es;q=0.5', 'en;q=0', 'fr;q=abc'])
      expect(acceptedLanguage(header)).toBeUndefined();
  });
});

describe("an item's languages", () => {
  it("need the shop's default language, and a name in every language that has text", () => {
    expect(translationProblems({ fr: { name: 'Sport' }, en: { name: '', description: 'Live' } }, 'fr')).toEqual({
      en: 'translationNameRequired',
    });
    expect(translationProblems({ en: { name: 'Sport' }, ar: { name: ' ', features: ['  '] } }, 'ar')).toEqual({
      ar: 'defaultLanguageRequired',
    });
    expect(translationProblems({ ar: { description: 'مباشر' } }, 'ar')).toEqual({ ar: 'translationNameRequired' });
    expect(translationProblems({ ar: { name: 'رياضة' } }, 'ar')).toEqual({});
  });
});
