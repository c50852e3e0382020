import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STORE_LANGUAGES } from '../../shared/locale';
import { PAGE_TEXTS, type PageTexts } from './texts';

// The pages' heads say what the web app's pages say: a title does not change when the app starts.
// The web app's messages are the source; these are their copies on the server.

const SAME_AS_WEB: Partial<Record<keyof PageTexts, string>> = {
  brand: 'brand.name',
  tagline: 'brand.tagline',
  homeDescription: 'home.hero.subtitle',
  storeTitle: 'store.title',
  storeDescription: 'store.subtitle',
  notFound: 'notFound.title',
  productNotFound: 'product.notFound',
  categoryNotFound: 'category.notFound',
  freeTrial: 'product.freeTrialBadge',
};

describe('the pages’ texts', () => {
  it.each(STORE_LANGUAGES)('%s: the titles and descriptions are the web app’s own', (language) => {
    const web = JSON.parse(
      readFileSync(new URL(`../../../web/src/i18n/messages/${language}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>;
    for (const [key, id] of Object.entries(SAME_AS_WEB))
      expect(PAGE_TEXTS[language][key as keyof PageTexts], `${language} ${id}`).toBe(web[id]);
  });

  it('Arabic is written in Arabic (the brand aside)', () => {
    const ar = PAGE_TEXTS.ar;
    for (const text of [
      ar.tagline,
      ar.homeDescription,
      ar.storeTitle,
      ar.notFound,
      ar.from('1 Da'),
      ar.categoryDescription('X'),
    ])
      expect(text).toMatch(/[\u0600-\u06ff]/);
  });
});
