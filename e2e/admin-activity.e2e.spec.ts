import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../src/shared/audit';
import { TEST_ADMIN } from '../test/support/app';
import {
  adminBrowserSuite,
  liveUpdatesOn,
  plain,
  seriousViolations,
  settled,
  signedInStorage,
  type AdminOpenOptions,
} from './support/admin';
import type { Credentials } from './support/shop';

// The audit trail in a real browser against the real server: /admin/activity following another
// admin's edit live (who, before → after), its filters in the URL (who, what, days) surviving a
// reload, Load more, the CSV of the filtered entries; a product's history on its edit page, and
// restoring an earlier version from it (the old name back; a second admin's stale restore gets the
// conflict dialog); axe-core in English and Arabic, light and dark; the filters and entries by
// keyboard. SCREENSHOTS_DIR=docs/screenshots also saves the pictures of the page and a history.

const suite = adminBrowserSuite();

type Admin = Credentials & { id: string; name: string };
let karim: Admin;
let nadia: Admin;
let categoryId: string;
/** The shopper's paid order. */
let orderId: string;

beforeAll(async () => {
  karim = await suite.shop.createAdmin('Karim Haddad');
  nadia = await suite.shop.createAdmin('Nadia Saidi');
  categoryId = (await suite.shop.createCategory('Sports', 'Every league live')).id;
  const gold = await suite.shop.createProduct({
    name: 'Gold',
    category_id: categoryId,
    channels: 800,
    price_durations: [{ duration: '1 month', price: 900 }],
  });
  // A shopper's order, paid on the sandbox: entries by a shopper and by the payment provider.
  orderId = (await suite.shop.placeOrder(gold.id, 900)).orderId;
});

/** The admin API as `as`. */
const api = <T>(method: string, url: string, body: unknown, as: Credentials) =>
  suite.shop.api<T>(method, url, body, as);

const createProduct = (name: string, as: Credentials = TEST_ADMIN) =>
  api<{ product: { id: string; name: string } }>(
    'POST',
    '/api/admin/products',
    { name, category_id: categoryId, channels: 500, price_durations: [{ duration: '1 month', price: 1500 }] },
    as,
  ).then((answer) => answer.product);

const editProduct = (id: string, changes: Record<string, unknown>, as: Credentials) =>
  api('PUT', `/api/admin/products/${id}`, changes, as);

/** Every entry the API lists for these filters, newest first. */
async function trail(query: Record<string, string>): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: '100', ...(cursor ? { cursor } : {}) });
    const page: AuditPage = await suite.shop.api<AuditPage>('GET', `/api/admin/audit?${params}`);
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

/** A fresh profile signed in as `as` (a stored session) at `url`. */
async function openSignedIn(url: string, options: AdminOpenOptions = {}, as: Credentials = TEST_ADMIN) {
  const storage = { ...(await signedInStorage(suite.url, as)), ...options.storage };
  return suite.open(url, { ...options, storage });
}

async function openActivity(query = '', options: AdminOpenOptions = {}, as: Credentials = TEST_ADMIN) {
  const opened = await openSignedIn(`/admin/activity${query}`, options, as);
  await opened.page.getByTestId('activity-page').waitFor();
  return opened;
}

const entries = (page: Page) => page.getByTestId('activity-timeline').getByTestId('audit-entry');
const entryTexts = async (page: Page) =>
  (await entries(page).getByTestId('audit-entry-text').allTextContents()).map(plain);
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Today in the back office's default timezone (Africa/Algiers), as the date inputs take it. */
const todayInAlgiers = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Algiers',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const screenshots = process.env.SCREENSHOTS_DIR;

describe('the activity page', () => {
  it("shows another admin's edit as it happens, naming them, with each field's before and after", async () => {
    const product = await createProduct('Silver');
    const { page, errors } = await openActivity();
    await liveUpdatesOn(page);
    await eventually(() => entryTexts(page)).toContain('Administrator created the product Silver');
    // The sidebar leads here, after Users.
    const nav = await page.getByTestId('admin-sidebar').getByRole('link').allTextContents();
    expect(nav.map(plain).indexOf('Activity')).toBe(nav.map(plain).indexOf('Users') + 1);

    await editProduct(product.id, { name: 'Silver Plus', channels: 650 }, karim);
    const first = entries(page).first();
    await eventually(async () => plain(await first.getByTestId('audit-entry-text').textContent())).toBe(
      'Karim Haddad changed the details of Silver Plus',
    );
    expect(await first.getAttribute('data-fresh')).toBe('true');
    const changes = await first.locator('.audit-change').evaluateAll((items) =>
      items.map((item) => ({
        field: item.querySelector('.audit-field')?.textContent,
        before: item.querySelector('.audit-before')?.textContent,
        after: item.querySelector('.audit-after')?.textContent,
      })),
    );
    // The text's language is named beside the field (docs/product.md#catalogue-languages).
    expect(changes.map((change) => ({ ...change, field: plain(change.field) }))).toEqual([
      { field: 'Name (French)', before: 'Silver', after: 'Silver Plus' },
      { field: 'Channels', before: '500', after: '650' },
    ]);
    // The entity links to its edit page.
    expect(await first.getByRole('link', { name: 'Silver Plus' }).getAttribute('href')).toBe(
      `/admin/products/edit/${product.id}`,
    );
    // Who acted: a shopper and the payment provider as such.
    const texts = await entryTexts(page);
    expect(
      texts.some((text) => /^Shopper placed the order #\d+$/.test(text)),
      texts.join('\n'),
    ).toBe(true);
    expect(texts.some((text) => /^Payment \(.+\) confirmed the payment of order #\d+$/.test(text))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps its filters (who, what, days) in the URL through a reload, each narrowing the list', async () => {
    const product = await createProduct('Bronze');
    await editProduct(product.id, { description: 'Now with sports' }, karim);
    await api('PUT', `/api/admin/categories/${categoryId}`, { description: 'Every league, live' }, karim);
    const { page, errors } = await openActivity();
    await entries(page).first().waitFor();

    await page.getByTestId('activity-actor').selectOption(karim.id);
    await eventually(async () => new URL(page.url()).searchParams.get('actor')).toBe(karim.id);
    await eventually(async () => entries(page).count()).toBe((await trail({ actor: karim.id })).length);
    expect((await entryTexts(page)).every((text) => text.startsWith('Karim Haddad '))).toBe(true);
    await page.getByTestId('activity-entity-type').selectOption('product');
    await eventually(async () => new URL(page.url()).searchParams.get('entityType')).toBe('product');
    expect(new URL(page.url()).searchParams.get('actor')).toBe(karim.id);
    const karimsProducts = await trail({ actor: karim.id, entityType: 'product' });
    await eventually(() => entries(page).count()).toBe(karimsProducts.length);

    await page.reload();
    await entries(page).first().waitFor();
    expect(await page.getByTestId('activity-actor').inputValue()).toBe(karim.id);
    expect(await page.getByTestId('activity-entity-type').inputValue()).toBe('product');
    await eventually(() => entries(page).count()).toBe(karimsProducts.length);
    expect(await entryTexts(page)).toContain('Karim Haddad changed the details of Bronze');
    expect((await entryTexts(page)).some((text) => text.includes('category'))).toBe(false);

    // Days, typed as the admin writes dates (DD/MM/YYYY unless their settings say otherwise): today keeps
    // them, an earlier range keeps none (and says so); what is not a day, or is after today, is said.
    const today = todayInAlgiers();
    const written = (day: string) => day.split('-').reverse().join('/');
    expect(await page.getByTestId('activity-from').getAttribute('placeholder')).toBe('DD/MM/YYYY');
    await page.getByTestId('activity-from').fill('31/02/2026');
    await page.getByTestId('activity-from').blur();
    expect(plain(await page.getByTestId('activity-from-problem').textContent())).toBe('Enter a date like 31/12/2026');
    await page.getByTestId('activity-to').fill('01/01/2999');
    await page.getByTestId('activity-to').blur();
    expect(plain(await page.getByTestId('activity-to-problem').textContent())).toBe(
      `Choose a day no later than ${written(today)}`,
    );
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();
    await page.getByTestId('activity-from').fill(written(today));
    await page.getByTestId('activity-to').fill(written(today));
    await eventually(async () => new URL(page.url()).searchParams.get('to')).toBe(today);
    expect(new URL(page.url()).searchParams.get('from')).toBe(today);
    expect(await page.getByTestId('activity-to-problem').count()).toBe(0);
    await eventually(() => entries(page).count()).toBe(karimsProducts.length);
    await page.goto(`${suite.url}/admin/activity?actor=${karim.id}&entityType=product&from=2020-01-01&to=2020-01-31`);
    await page.getByTestId('activity-empty').getByText('No activity matches these filters').waitFor();
    expect(await page.getByTestId('activity-from').inputValue()).toBe('01/01/2020');
    await page.getByTestId('activity-empty').getByRole('button', { name: 'Clear filters' }).click();
    await eventually(() => entries(page).count()).toBeGreaterThan(karimsProducts.length);
    expect(new URL(page.url()).search).toBe('');

    // Free text, after a pause in typing.
    await page.getByTestId('activity-search').fill('bronze');
    await eventually(async () => new URL(page.url()).searchParams.get('search')).toBe('bronze');
    await eventually(() => entryTexts(page)).toEqual([
      'Karim Haddad changed the details of Bronze',
      'Administrator created the product Bronze',
    ]);
    expect(errors).toEqual([]);
  });

  it('loads older entries with Load more, and exports the filtered entries as CSV', async () => {
    const product = await createProduct('Platinum', nadia);
    for (let channels = 1; channels <= 55; channels++) await editProduct(product.id, { channels }, nadia);
    const hers = await trail({ actor: nadia.id });
    expect(hers).toHaveLength(56);

    const { page, errors } = await openActivity(`?actor=${nadia.id}`);
    await eventually(() => entries(page).count()).toBe(50);
    expect(await page.getByTestId('activity-end').count()).toBe(0);
    await page.getByTestId('activity-more').click();
    await eventually(() => entries(page).count()).toBe(56);
    await page.getByTestId('activity-end').waitFor();
    expect((await entryTexts(page)).at(-1)).toBe('Nadia Saidi created the product Platinum');

    // The CSV: the filters' entries, newest first, not just those shown.
    await page.goto(`${suite.url}/admin/activity?actor=${nadia.id}&action=product.updated`);
    await entries(page).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('activity-export').click()]);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const updates = hers.filter((e) => e.action === 'product.updated');
    // Every cell quoted; ids and actions hold no commas.
    const rows = csv.map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(rows[0]!.slice(0, 5)).toEqual(['Time', 'Actor type', 'Actor id', 'Actor', 'Action']);
    expect(rows).toHaveLength(1 + updates.length);
    expect(rows.slice(1).every((cells) => cells[2] === nadia.id && cells[4] === 'product.updated')).toBe(true);
    expect(errors).toEqual([]);
  }, 90_000);
});

describe("a product's history", () => {
  it('shows its entries on its edit page, and restores an earlier version (a stale restore gets the conflict dialog)', async () => {
    const product = await createProduct('Diamond');
    await editProduct(product.id, { name: 'Diamond Max' }, karim);
    const a = await openSignedIn(`/admin/products/edit/${product.id}`);
    const b = await openSignedIn(`/admin/products/edit/${product.id}`, {}, nadia);
    for (const { page } of [a, b]) {
      await page.getByTestId('entity-history-entries').waitFor();
      await liveUpdatesOn(page);
    }
    const history = (page: Page) => page.getByTestId('entity-history-entries').getByTestId('audit-entry');
    const historyTexts = async (page: Page) =>
      (await history(page).getByTestId('audit-entry-text').allTextContents()).map(plain);
    expect(await historyTexts(a.page)).toEqual([
      'Karim Haddad changed the details of Diamond Max',
      'Administrator created the product Diamond',
    ]);
    expect(await a.page.getByTestId('product-form-name').inputValue()).toBe('Diamond Max');
    // The newest is what the product holds: only the earlier one offers a restore.
    expect(await history(a.page).nth(0).getByTestId('history-restore').count()).toBe(0);
    await history(a.page).nth(1).getByTestId('history-restore').click();
    const confirm = a.page.getByTestId('history-restore-confirm');
    expect(plain(await confirm.locator('.modal-body').textContent())).toBe(
      'Restore Diamond Max to version 0? Its current values are kept in its history.',
    );
    await a.page.getByTestId('history-restore-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await eventually(async () => (await a.page.locator('.toast-message').allTextContents()).map(plain)).toContain(
      'Restored to version 0',
    );
    await eventually(() => a.page.getByTestId('product-form-name').inputValue()).toBe('Diamond');
    await eventually(async () => (await historyTexts(a.page))[0]).toBe('Administrator restored Diamond to version 0');
    expect(
      (await suite.shop.api<{ product: { name: string } }>('GET', `/api/admin/products/${product.id}`)).product.name,
    ).toBe('Diamond');

    // The second admin's page was filled before that restore: theirs is refused as a stale edit would be.
    await eventually(async () => (await historyTexts(b.page))[0]).toBe('Administrator restored Diamond to version 0');
    await history(b.page).nth(1).getByTestId('history-restore').click();
    await b.page.getByTestId('history-restore-confirm-confirm').click();
    await b.page.getByTestId('conflict-dialog').waitFor();
    expect(plain(await b.page.getByTestId('conflict-dialog').textContent())).toContain(
      'Administrator changed this item',
    );
    expect(
      (await suite.shop.api<{ product: { name: string } }>('GET', `/api/admin/products/${product.id}`)).product.name,
    ).toBe('Diamond');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 60_000);
});

describe("a category's history", () => {
  it('restores an earlier version from the edit modal, which then shows it', async () => {
    const kids = await suite.shop.createCategory('Kids', 'Cartoons');
    await api(
      'PUT',
      `/api/admin/categories/${kids.id}`,
      { name: 'Kids & Family', description: 'Cartoons and films' },
      karim,
    );
    const { page, errors } = await openSignedIn('/admin/categories?search=Kids');
    await page.getByTestId('category-edit').first().click();
    const modal = page.getByTestId('category-form');
    expect(await modal.getByTestId('category-name').inputValue()).toBe('Kids & Family');
    await modal.getByTestId('entity-history-toggle').click();
    const history = modal.getByTestId('entity-history-entries').getByTestId('audit-entry');
    await eventually(async () => (await history.getByTestId('audit-entry-text').allTextContents()).map(plain)).toEqual([
      'Karim Haddad updated the category Kids & Family',
      'Administrator created the category Kids',
    ]);
    await history.nth(1).getByTestId('history-restore').click();
    await page.getByTestId('history-restore-confirm-confirm').click();
    await eventually(async () => (await page.locator('.toast-message').allTextContents()).map(plain)).toContain(
      'Restored to version 0',
    );
    await eventually(() => modal.getByTestId('category-name').inputValue()).toBe('Kids');
    expect(await modal.getByTestId('category-description').inputValue()).toBe('Cartoons');
    await eventually(async () => plain(await history.first().getByTestId('audit-entry-text').textContent())).toBe(
      'Administrator restored the category Kids to version 0',
    );
    // Saved from the restored version (its If-Match now the restore's): no conflict.
    await modal.getByTestId('category-description').fill('Cartoons, all day');
    await page.getByTestId('category-save').click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.getByTestId('conflict-dialog').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("an order's and a user's history", () => {
  it('shows in the order detail and the user form, each with its own entries', async () => {
    const { page, errors } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-detail-body').waitFor();
    await detail.getByTestId('entity-history-toggle').click();
    const orderEntries = detail.getByTestId('entity-history-entries').getByTestId('audit-entry-text');
    await orderEntries.first().waitFor();
    const texts = (await orderEntries.allTextContents()).map(plain);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Payment \(.+\) confirmed the payment of order #\d+$/);
    expect(texts[1]).toMatch(/^Shopper placed the order #\d+$/);
    // An order's history restores nothing.
    expect(await detail.getByTestId('history-restore').count()).toBe(0);
    expect(await seriousViolations(page), 'order detail with its history').toEqual([]);

    await page.goto(`${suite.url}/admin/users`);
    await page
      .getByTestId('users-table')
      .locator('tbody tr')
      .filter({ has: page.getByTestId('user-username-cell').getByText(karim.username, { exact: true }) })
      .getByTestId('user-edit')
      .click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('entity-history-toggle').click();
    await eventually(async () =>
      (await form.getByTestId('entity-history-entries').getByTestId('audit-entry-text').allTextContents()).map(plain),
    ).toEqual([`Administrator added the user ${karim.username}`]);
    expect(await seriousViolations(page), 'user form with its history').toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('refusals and failures', () => {
  it("shows the server's message when a version can no longer be restored (its category deleted since)", async () => {
    const spare = await suite.shop.createCategory('Spare');
    const product = await api<{ product: { id: string } }>(
      'POST',
      '/api/admin/products',
      { name: 'Nomad', category_id: spare.id, price_durations: [{ duration: '1 month', price: 700 }] },
      TEST_ADMIN,
    ).then((answer) => answer.product);
    await editProduct(product.id, { category_id: categoryId }, karim);
    await api('DELETE', `/api/admin/categories/${spare.id}`, undefined, TEST_ADMIN);
    const { page, errors } = await openSignedIn(`/admin/products/edit/${product.id}`);
    const history = page.getByTestId('entity-history-entries').getByTestId('audit-entry');
    await history.nth(1).getByTestId('history-restore').click();
    await page.getByTestId('history-restore-confirm-confirm').click();
    await eventually(async () => (await page.locator('.toast-message').allTextContents()).map(plain)).toContain(
      'Version 0 cannot be restored: its category "Spare" has been deleted since. Restore a later version, or edit the product instead.',
    );
    expect(await page.getByTestId('product-form-name').inputValue()).toBe('Nomad');
    expect(errors).toEqual([]);
  });

  it('says when the activity could not be loaded, and loads it again on Try again', async () => {
    const { page } = await openActivity();
    await entries(page).first().waitFor();
    await page.route('**/api/admin/audit?*', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.reload();
    await page.getByTestId('activity-error').getByText('The activity could not be loaded. Please try again.').waitFor({
      timeout: 15_000,
    });
    await page.unroute('**/api/admin/audit?*');
    await page.getByTestId('activity-error').getByRole('button', { name: 'Try Again' }).click();
    await entries(page).first().waitFor();
  });
});

describe('accessibility', () => {
  it.each(['en', 'ar'])(
    'finds nothing serious on the activity page and a history in %s, light and dark',
    async (language) => {
      const product = await createProduct(`Axe ${language}`);
      await editProduct(product.id, { name: `Axe ${language} 2` }, karim);
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openActivity('', { storage: { 'admin-language': language }, colorScheme });
        await entries(page).first().waitFor();
        expect(await seriousViolations(page), `activity, ${language}, ${colorScheme}`).toEqual([]);
        await page.goto(`${suite.url}/admin/products/edit/${product.id}`);
        await page.getByTestId('entity-history-entries').waitFor();
        expect(await seriousViolations(page), `history, ${language}, ${colorScheme}`).toEqual([]);
      }
    },
    90_000,
  );

  it('reaches the filters and the entries with Tab', async () => {
    const { page } = await openActivity();
    await entries(page).first().waitFor();
    await page.getByTestId('activity-search').focus();
    const reached: string[] = [];
    for (let press = 0; press < 30; press++) {
      const focused = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return active?.dataset.testid ?? (active?.closest('[data-testid="audit-entry"]') ? 'entry' : active?.tagName);
      });
      if (focused && reached.at(-1) !== focused) reached.push(focused);
      if (focused === 'entry') break;
      await page.keyboard.press('Tab');
    }
    expect(reached.slice(0, 7)).toEqual([
      'activity-search',
      'activity-actor',
      'activity-entity-type',
      'activity-action',
      'activity-from',
      'activity-to',
      'entry',
    ]);
  });
});

describe.runIf(screenshots)('screenshots', () => {
  it('of the activity page in en/ar, light/dark, and of a product history', async () => {
    mkdirSync(screenshots!, { recursive: true });
    const product = await createProduct('Premium');
    await editProduct(product.id, { name: 'Premium HD', channels: 1200, popular: true }, karim);
    await editProduct(
      product.id,
      {
        price_durations: [
          { duration: '1 month', price: 1800 },
          { duration: '12 months', price: 15000 },
        ],
      },
      nadia,
    );
    for (const [language, colorScheme] of [
      ['en', 'light'],
      ['en', 'dark'],
      ['ar', 'light'],
      ['ar', 'dark'],
    ] as const) {
      const { page } = await openActivity('', { storage: { 'admin-language': language }, colorScheme });
      await entries(page).first().waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);
      await page.screenshot({ path: path.join(screenshots!, `admin-activity-${language}-${colorScheme}.png`) });
    }
    const { page } = await openSignedIn(`/admin/products/edit/${product.id}`);
    await page.getByTestId('entity-history-entries').waitFor();
    const card = page.locator('.card', { has: page.getByTestId('entity-history') });
    await card.scrollIntoViewIfNeeded();
    await settled(page);
    await card.screenshot({ path: path.join(screenshots!, 'admin-activity-history-en-light.png') });
    // A category's history, in its edit modal (dark, Arabic).
    await api(
      'PUT',
      `/api/admin/categories/${categoryId}`,
      { name: 'Sports', description: 'Toutes les ligues' },
      nadia,
    );
    const modal = await openSignedIn('/admin/categories?search=Sports', {
      storage: { 'admin-language': 'ar' },
      colorScheme: 'dark',
    });
    await modal.page.getByTestId('category-edit').first().click();
    await modal.page.getByTestId('category-form').getByTestId('entity-history-toggle').click();
    await modal.page.getByTestId('entity-history-entries').waitFor();
    await settled(modal.page);
    await modal.page.screenshot({ path: path.join(screenshots!, 'admin-activity-history-category-ar-dark.png') });
  }, 90_000);
});
