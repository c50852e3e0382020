import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminBrowserSuite, liveUpdatesOn, plain, settled } from './support/admin';

// The shop's legal identity (docs/product.md#legal-information) in a real browser against the real
// server: an admin fills it in Settings › Shop identity (the French terms in their tab), the
// store's footer shows it as small print, and /legal shows the terms in French to a French shopper
// and, to an Arabic one, in French with a note saying so.

const suite = adminBrowserSuite();

describe('the shop legal identity', () => {
  it('is filled in Settings, shown in the footer and on /legal, with the French terms as the Arabic fallback', async () => {
    const store = await suite.openStore('/legal', { storage: { 'store-language': 'fr' } });
    // Before anything is set: a polite word, no empty heading, no empty field in the footer.
    await store.page.getByTestId('legal-empty').waitFor();
    expect(await store.page.locator('.legal-section').count()).toBe(0);
    expect(
      await store.page.locator('[data-testid^="footer-legal-"]:not([data-testid="footer-legal-link"])').count(),
    ).toBe(0);
    await store.context.close();

    const { page } = await suite.signIn('/admin/settings?tab=shop');
    await page.getByTestId('settings-shop').waitFor();
    await page.getByTestId('shop-legalName').fill('SARL Nour Stream');
    await page.getByTestId('shop-rc').fill('16/00-1234567B21');
    await page.getByTestId('shop-nif').fill('000216123456789');
    await page.getByTestId('shop-address').fill('12 rue Didouche Mourad, Alger');
    await page.locator('[role="tab"][data-tab="fr"]').click();
    await page.getByTestId('shop-terms-fr').fill('Article 1 : objet.\nArticle 2 : prix en dinars.');
    await page.getByTestId('settings-shop-save').click();
    await page.getByTestId('settings-shop-saved').getByText(/.+/).waitFor();
    await settled(page);
    // Saved on the server with its version: a reload shows it.
    await page.reload();
    await page.locator('[role="tab"][data-tab="fr"]').click();
    expect(await page.getByTestId('shop-terms-fr').inputValue()).toBe(
      'Article 1 : objet.\nArticle 2 : prix en dinars.',
    );

    const french = await suite.openStore('/', { storage: { 'store-language': 'fr' } });
    const footer = french.page.getByTestId('footer-legal');
    await footer.getByTestId('footer-legal-legalName').waitFor();
    expect(plain(await footer.textContent())).toContain('SARL Nour Stream');
    expect(plain(await footer.getByTestId('footer-legal-rc').textContent())).toBe('RC 16/00-1234567B21');
    expect(plain(await footer.getByTestId('footer-legal-nif').textContent())).toBe('NIF 000216123456789');
    expect(plain(await footer.getByTestId('footer-legal-address').textContent())).toBe('12 rue Didouche Mourad, Alger');
    await footer.getByTestId('footer-legal-link').click();
    const terms = french.page.getByTestId('legal-terms-text');
    await terms.waitFor();
    expect(await terms.innerText()).toBe('Article 1 : objet.\nArticle 2 : prix en dinars.');
    expect(await terms.getAttribute('dir')).toBe('auto');
    expect(await french.page.getByTestId('legal-terms-fallback').count()).toBe(0);
    // No refund policy written: no heading for it.
    expect(await french.page.getByTestId('legal-refunds').count()).toBe(0);

    const arabic = await suite.openStore('/legal', { storage: { 'store-language': 'ar' } });
    await arabic.page.getByTestId('legal-terms-text').waitFor();
    expect(await arabic.page.getByTestId('legal-terms-text').getAttribute('lang')).toBe('fr');
    expect(plain(await arabic.page.getByTestId('legal-terms-fallback').textContent())).toBe(
      'يُعرض هذا النص باللغة الفرنسية: لم يُكتب بلغتك بعد.',
    );
    expect(plain(await arabic.page.getByTestId('legal-nif').textContent())).toBe('000216123456789');
    expect(arabic.errors).toEqual([]);
  });

  it('saved by one admin shows live in another’s Settings, and never overwrites what the other is typing', async () => {
    const karim = await suite.shop.createAdmin('Karim');
    const mine = await suite.signIn('/admin/settings?tab=shop');
    const theirs = await suite.signIn('/admin/settings?tab=shop', {}, karim);
    for (const { page } of [mine, theirs]) {
      await page.getByTestId('settings-shop').waitFor();
      await liveUpdatesOn(page);
    }
    const save = async (page: Page, name: string) => {
      await page.getByTestId('shop-legalName').fill(name);
      await page.getByTestId('settings-shop-save').click();
    };

    // Karim saves: the other window shows it without a reload.
    await save(theirs.page, 'SARL Karim Live');
    await expect
      .poll(() => mine.page.getByTestId('shop-legalName').inputValue(), { timeout: 10_000 })
      .toBe('SARL Karim Live');

    // Typing here, then Karim saves again: saving here meets the conflict dialog, Karim's save stands.
    await mine.page.getByTestId('shop-address').fill('Oran');
    await save(theirs.page, 'SARL Karim Again');
    await theirs.page.getByTestId('settings-shop-saved').getByText(/.+/).waitFor();
    await mine.page.getByTestId('settings-shop-save').click();
    await mine.page.getByTestId('conflict-dialog').waitFor();
    const stored = await suite.shop.api<{ legal: { legalName: string; address: string } }>('GET', '/api/shop/legal');
    expect(stored.legal).toMatchObject({ legalName: 'SARL Karim Again' });
    expect(stored.legal.address).not.toBe('Oran');
    expect([...mine.errors, ...theirs.errors]).toEqual([]);
  });
});
