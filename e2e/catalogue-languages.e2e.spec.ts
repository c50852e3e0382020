import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminBrowserSuite, plain, seriousViolations, settled } from './support/admin';

// The catalogue in three languages (docs/product.md#catalogue-languages), in a real browser against the real
// server: an administrator fills a product's Arabic, French and English in the form's language
// tabs (the shop's default one, French, marked required; each tab saying whether it is filled),
// and the store shows each language's name on the product page to a shopper reading ar, fr or en,
// with the text's language on its element. The category form's tabs likewise, and the Settings'
// Shop tab that makes Arabic the default, after which the form requires Arabic.

const suite = adminBrowserSuite();

const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

const texts = {
  ar: { name: unique('الباقة الذهبية'), description: 'كل البطولات مباشرة', feature: 'إعادة المشاهدة' },
  fr: { name: unique('Bouquet Or'), description: 'Tous les championnats en direct', feature: 'Replay' },
  en: { name: unique('Gold Bundle'), description: 'Every league, live', feature: 'Catch-up TV' },
};

const tab = (page: Page, language: string) =>
  page.locator(`[data-testid="product-form-texts"] [role="tab"][data-tab="${language}"]`);
const tabState = (page: Page, language: string) =>
  page.getByTestId(`product-form-language-state-${language}`).getAttribute('data-state');

async function openForm(path = '/admin/products/new', language = 'en', width?: number) {
  const opened = await suite.signIn(path, { storage: { 'admin-language': language }, ...(width && { width }) });
  opened.page.setDefaultTimeout(10_000);
  await opened.page.getByTestId('product-form').waitFor();
  return opened;
}

describe('a product in three languages', () => {
  it('is written in the form’s language tabs and shown in each shopper’s language on the product page', async () => {
    const category = await suite.shop.createCategory(unique('Sport'));
    const { page, errors } = await openForm();

    // French, the shop's default language, is open first and marked required; nothing is filled yet.
    expect(await tab(page, 'fr').getAttribute('aria-selected')).toBe('true');
    expect(plain(await tab(page, 'fr').textContent())).toContain('Required');
    expect(plain(await tab(page, 'ar').textContent())).not.toContain('Required');
    for (const language of ['ar', 'fr', 'en']) expect(await tabState(page, language)).toBe('empty');

    // Arabic alone: refused, French's tab opens with its name required and focused.
    await tab(page, 'ar').click();
    await page.getByTestId('product-form-name').fill(texts.ar.name);
    expect(await page.getByTestId('product-form-name').getAttribute('lang')).toBe('ar');
    await page.getByTestId('price-row-price').first().fill('1500');
    await page.getByTestId('product-form-category').selectOption(category.id);
    await page.getByTestId('product-form-save').click();
    expect(await tab(page, 'fr').getAttribute('aria-selected')).toBe('true');
    expect(await tabState(page, 'fr')).toBe('invalid');
    expect(await tabState(page, 'ar')).toBe('filled');
    expect(plain(await page.getByTestId('product-form-name-error').textContent())).toBe(
      "The name in French, the shop's default language, is required.",
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('product-form-name');

    for (const language of ['fr', 'ar', 'en'] as const) {
      await tab(page, language).click();
      const text = texts[language];
      await page.getByTestId('product-form-name').fill(text.name);
      await page.getByTestId('product-form-description').fill(text.description);
      await page.getByTestId('product-form-feature').first().fill(text.feature);
      expect(await tabState(page, language)).toBe('filled');
    }
    // Each tab kept its own text.
    await tab(page, 'ar').click();
    expect(await page.getByTestId('product-form-name').inputValue()).toBe(texts.ar.name);
    expect(await page.getByTestId('product-form-description').inputValue()).toBe(texts.ar.description);

    await page.getByTestId('product-form-save').click();
    await page.waitForURL((url) => url.pathname === '/admin/products');
    const product = (
      await suite.shop.api<{ products: { id: string; name: string; translations: Record<string, unknown> }[] }>(
        'GET',
        `/api/admin/products?q=${encodeURIComponent(texts.en.name)}`,
      )
    ).products[0]!;
    expect(product.translations).toEqual({
      ar: { name: texts.ar.name, description: texts.ar.description, features: [texts.ar.feature] },
      fr: { name: texts.fr.name, description: texts.fr.description, features: [texts.fr.feature] },
      en: { name: texts.en.name, description: texts.en.description, features: [texts.en.feature] },
    });
    expect(errors).toEqual([]);

    // The store, read in each language: that language's name, description and features.
    for (const language of ['ar', 'fr', 'en'] as const) {
      const store = await suite.openStore(`/product/${product.id}`, { storage: { 'store-language': language } });
      const title = store.page.getByTestId('product-title');
      await title.waitFor();
      expect(plain(await title.textContent())).toBe(texts[language].name);
      expect(await title.getAttribute('lang')).toBe(language);
      expect(await title.getAttribute('dir')).toBe('auto');
      expect(plain(await store.page.getByTestId('product-description').textContent())).toBe(
        texts[language].description,
      );
      expect(plain(await store.page.locator('.feature-list').textContent())).toBe(texts[language].feature);
      expect(await store.page.title()).toContain(texts[language].name);
      expect(store.errors).toEqual([]);
    }

    // Switching the store's language on the open page switches the product's text at once.
    const store = await suite.openStore(`/product/${product.id}`, { storage: { 'store-language': 'ar' } });
    await store.page.getByTestId('product-title').waitFor();
    await store.page.getByTestId('language-menu-button').click();
    await store.page.locator('[role="menuitemradio"][lang="en"], [role="menuitem"][lang="en"]').first().click();
    await expect
      .poll(async () => plain(await store.page.getByTestId('product-title').textContent()))
      .toBe(texts.en.name);
  });

  it('falls back to the default language where a language is empty, saying which language the text is in', async () => {
    const category = await suite.shop.createCategory(unique('Cinéma'));
    // Written the way the store's API always took it: one name, the default language's (French).
    const product = await suite.shop.createProduct({
      name: unique('Ciné Club'),
      description: 'Films',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 900 }],
    });
    const store = await suite.openStore(`/product/${product.id}`, { storage: { 'store-language': 'ar' } });
    const title = store.page.getByTestId('product-title');
    await title.waitFor();
    expect(await title.getAttribute('lang')).toBe('fr');
    expect(plain(await title.textContent())).toMatch(/^Ciné Club/);
  });
});

describe('the shop’s default language and the category form', () => {
  it('is chosen in Settings, then required by the forms; the category form has the same tabs', async () => {
    const { page, errors } = await suite.signIn('/admin/settings?tab=catalogue', {
      storage: { 'admin-language': 'en' },
    });
    page.setDefaultTimeout(10_000);
    const language = page.getByTestId('settings-catalogue-language');
    await language.waitFor();
    expect(await language.inputValue()).toBe('fr');
    await language.selectOption('ar');
    await page.getByTestId('settings-catalogue-save').click();
    await expect.poll(async () => plain(await page.getByTestId('settings-catalogue-saved').textContent())).not.toBe('');
    expect(await suite.shop.api<{ defaultLanguage: string }>('GET', '/api/admin/shop/language')).toMatchObject({
      defaultLanguage: 'ar',
    });

    // The category form opens on Arabic, now required; French alone is refused.
    await page.goto(new URL('/admin/categories', suite.url).href);
    await page.getByTestId('category-add').click();
    const form = page.getByTestId('category-form');
    const categoryTab = (of: string) => form.locator(`[role="tab"][data-tab="${of}"]`);
    await categoryTab('ar').waitFor();
    expect(await categoryTab('ar').getAttribute('aria-selected')).toBe('true');
    expect(plain(await categoryTab('ar').textContent())).toContain('Required');
    await categoryTab('fr').click();
    await form.getByTestId('category-name').fill(unique('Séries'));
    await page.getByTestId('category-save').click();
    expect(await categoryTab('ar').getAttribute('aria-selected')).toBe('true');
    expect(plain(await form.getByTestId('category-name-error').textContent())).toBe(
      "Category name is required in Arabic, the shop's default language",
    );
    const arabic = unique('مسلسلات');
    await form.getByTestId('category-name').fill(arabic);
    await page.getByTestId('category-save').click();
    await form.waitFor({ state: 'detached' });
    const saved = await suite.shop.api<{ data: { translations: Record<string, { name: string }> }[] }>(
      'GET',
      `/api/admin/categories?search=${encodeURIComponent(arabic)}`,
    );
    expect(Object.keys(saved.data[0]!.translations)).toEqual(['ar', 'fr']);
    expect(errors).toEqual([]);
    await suite.shop.api('PUT', '/api/admin/shop/language', { defaultLanguage: 'fr' });
  });

  it('passes axe in Arabic on a phone and on a desktop, tabs included', async () => {
    for (const width of [390, 1024]) {
      const { page } = await openForm('/admin/products/new', 'ar', width);
      await settled(page);
      expect(await seriousViolations(page), `${width} px`).toEqual([]);
      expect(await tab(page, 'fr').getAttribute('aria-selected')).toBe('true');
    }
  });
});
