import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../src/main';
import type { OpenApiDocument } from '../src/platform/http/openapi/document';
import { adminToken } from '../test/support/admin';
import { TEST_ADMIN } from '../test/support/app';
import { launchBrowser } from './support/browser';
import { startStoreApp } from './support/store';

// The API reference at /api/docs in Chromium: it loads from the store alone (any request leaving
// it is recorded and refused), under the store's Content-Security-Policy with no console error,
// lists every operation of /api/openapi.json, and calls the API with a token given to "Authorize".

describe('the API reference page', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    app = await startStoreApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('loads with nothing from outside the store and no console error, shows every operation and runs one', async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const outside: string[] = [];
    const inside: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(app.url)) inside.push(new URL(url).pathname);
      if (url.startsWith(app.url) || url.startsWith('data:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${app.url}/api/docs`);
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBe(operations);
    await expect.poll(() => page.locator('.info .title').textContent()).toContain('IPTV store API');
    // Swagger UI breaks long paths with zero-width spaces.
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.filter((path) => path.replace(/\u200b/g, '') === '/api/admin/products/{id}')).toHaveLength(3);

    // Authorize with an admin's token, then try GET /api/admin/me from the page (Swagger UI's own classes).
    const token = await adminToken(app.url);
    await page.locator('.auth-wrapper .authorize').click();
    const bearerForm = page.locator('.auth-container', { hasText: 'bearerAuth' });
    await bearerForm.locator('input').fill(token);
    await bearerForm.locator('button.authorize').click();
    await bearerForm.locator('.btn-done').click();
    const me = page.locator('#operations-Users-getApiAdminMe');
    await me.locator('.opblock-summary-control').click();
    await me.locator('.try-out__btn').click();
    await me.locator('.execute').click();
    const status = me.locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain('200');
    expect(await me.locator('.live-responses-table tbody .response-col_description').first().textContent()).toContain(
      `"username": "${TEST_ADMIN.username}"`,
    );

    // Every request went through the check: the page, its assets, the document, the call made.
    expect(inside).toEqual(
      expect.arrayContaining([
        '/api/docs',
        '/api/docs/assets/swagger-ui-bundle.js',
        '/api/openapi.json',
        '/api/admin/me',
      ]),
    );
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  }, 90_000);
});
