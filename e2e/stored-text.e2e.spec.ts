import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../src/main';
import { launchBrowser } from './support/browser';
import { adminClient, openStore, startStoreApp } from './support/store';

// Text an admin stores is shown as text: markup in a product's name or description never runs.
describe('stored text is rendered as text', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startStoreApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a product named with a script tag literally, and runs nothing', async () => {
    const admin = await adminClient(app.url);
    const category = await admin.createCategory(
      `<img src=x onerror="window.__pwned=1">`,
      `'; DROP TABLE catalogue_products; --`,
    );
    const name = `<script>window.__pwned=1</script> Gold`;
    const product = await admin.createProduct({
      name,
      description: `<b onmouseover="window.__pwned=1">bold?</b> '; DELETE FROM orders; --`,
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 1000 }],
    });
    const { page, errors } = await openStore(browser, app.url, `/product/${product.id}`, {
      storage: { 'store-language': 'en' },
    });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.locator('main').textContent()).toContain(`'; DELETE FROM orders; --`);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
