import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, liveUpdatesOn, plain, seriousViolations, signedInStorage } from './support/admin';
import type { Credentials } from './support/shop';

// The subscriptions screen in a real browser against the real server, the store's clock (and the
// browser's) near the end of a month's subscription: it shows under its day in Expiring, its
// WhatsApp reminder opens a chat with the customer in the checkout's language (French here, the
// admin reads English), recording it shows on a second admin's screen live, a step another admin
// took first is told, the view's CSV downloads, and axe finds nothing serious in Arabic.

const DAY = 24 * 60 * 60 * 1000;
/** When the subscriptions are delivered: 10:00 in Algiers (the admins' timezone by default). */
const DELIVERED_AT = new Date('2026-03-02T09:00:00.000Z');
let now = DELIVERED_AT;
const suite = adminBrowserSuite({}, () => now);
let productId: string;

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
});

interface Delivered {
  orderId: string;
  number: number;
  subscriptionId: string;
  endsAt: string;
  token: string;
}

/** The admin API as the test administrator, answering the response itself (for its ETag). */
async function adminFetch(method: string, path: string, init: { body?: unknown; ifMatch?: string } = {}) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${await suite.shop.token()}`,
    'Content-Type': 'application/json',
  };
  if (init.ifMatch) headers['If-Match'] = init.ifMatch;
  const response = await fetch(`${suite.url}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A 1-month Gold order checked out in French, paid in the sandbox, delivered by the API at DELIVERED_AT. */
async function deliveredOrder(phone: string, fullName: string): Promise<Delivered> {
  now = DELIVERED_AT;
  const { orderId } = await suite.shop.placeOrder(productId, 2000, { phone, fullName, language: 'fr' });
  type Detail = {
    number: number;
    status: string;
    subscriptions: { id: string; endsAt: string | null }[];
    accessLink: { token: string } | null;
  };
  const detail = async () => {
    const response = await adminFetch('GET', `/api/admin/orders/${orderId}`);
    return { etag: response.headers.get('etag')!, order: ((await response.json()) as { order: Detail }).order };
  };
  // Paid, and its subscription in the subscriptions read model (another projection than the order's).
  await expect
    .poll(
      async () => {
        const { order } = await detail();
        return `${order.status} ${order.subscriptions.length}`;
      },
      { timeout: 10_000 },
    )
    .toBe('completed 1');
  const { etag, order } = await detail();
  const subscriptionId = order.subscriptions[0]!.id;
  const delivery = { subscriptions: [{ subscriptionId, kind: 'code', code: 'GOLD-CODE-1' }] };
  const answer = await adminFetch('PUT', `/api/admin/orders/${orderId}/delivery`, { body: delivery, ifMatch: etag });
  const delivered = ((await answer.json()) as { order: Detail }).order;
  return {
    orderId,
    number: order.number,
    subscriptionId,
    endsAt: delivered.subscriptions[0]!.endsAt!,
    token: order.accessLink!.token,
  };
}

interface OpenOptions {
  as?: Credentials;
  language?: string;
  width?: number;
  colorScheme?: 'light' | 'dark';
  /** Live updates cut off (the page hears nothing of other admins). */
  offline?: boolean;
}

/**
 * The subscriptions screen signed in, its clock the store's (`now`, fixed), WhatsApp's site
 * answered by a stand-in page (the tests have no Internet).
 */
async function openScreen(path: string, options: OpenOptions = {}) {
  const storage = {
    ...(await signedInStorage(suite.url, options.as ?? TEST_ADMIN)),
    'admin-language': options.language ?? 'en',
  };
  const opened = await suite.open(path, { storage, width: options.width, colorScheme: options.colorScheme });
  await opened.context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  if (options.offline) await opened.page.route('**/socket.io/**', (route) => route.abort());
  await opened.page.clock.setFixedTime(now);
  await opened.page.reload();
  await opened.page.getByTestId('subscriptions-page').waitFor();
  return opened;
}

const rowOf = (page: Page, subscriptionId: string) => page.locator(`tr[data-row-id="${subscriptionId}"]`);
/** The worklist's heading over a row: the day its subscription ends. */
const headingOver = (page: Page, row: Locator) =>
  page.locator('tbody', { has: row }).locator('tr.admin-table-group th');

describe('the reminders worklist', () => {
  it(
    'shows an expiring subscription under its day, opens WhatsApp in the customer’s language, and another admin sees the reminder live',
    { timeout: 90_000 },
    async () => {
      const sub = await deliveredOrder('0550123456', 'Yacine Benali');
      expect(sub.endsAt).toBe('2026-04-02T09:00:00.000Z');
      now = new Date(Date.parse(sub.endsAt) - 3 * DAY);
      const amina = await suite.shop.createAdmin('Amina Haddad');
      const watcher = await openScreen('/admin/subscriptions');
      const actor = await openScreen('/admin/subscriptions', { as: amina });
      for (const { page } of [watcher, actor]) await liveUpdatesOn(page);

      const { page } = actor;
      const row = rowOf(page, sub.subscriptionId);
      await row.waitFor();
      expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Expiring (≤ 7 days)');
      expect(plain(await headingOver(page, row).textContent())).toBe('In 3 days');
      expect(plain(await row.getByTestId('subscription-days-left').textContent())).toBe('in 3 days');
      const customer = plain(await row.locator('td').first().textContent());
      expect(customer).toBe('0550 12 34 56Yacine Benali');
      expect(await row.locator('td').first().locator('[dir="ltr"]').textContent()).toBe('0550 12 34 56');
      expect(plain(await row.locator('td').nth(2).textContent())).toBe('1 month');
      expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('expiring');

      // Prepare, then the link: to the customer's number, in French, with the renewal link.
      await row.getByTestId('subscription-prepare').click();
      const remind = row.getByTestId('subscription-remind');
      await remind.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('subscription-remind');
      expect(await remind.getAttribute('target')).toBe('_blank');
      expect(await remind.getAttribute('rel')).toBe('noopener');
      expect(await remind.getAttribute('data-step')).toBe('7d');
      const href = new URL((await remind.getAttribute('href'))!);
      expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/213550123456');
      const renewal = `${suite.url}/orders/${sub.token}?renew=${encodeURIComponent(sub.subscriptionId)}`;
      expect(href.searchParams.get('text')).toBe(
        [
          'Bonjour Yacine Benali,',
          'Votre abonnement Gold (1 mois) se termine le 2 avril 2026.',
          'Renouvelez-le en un clic ici\u00a0:',
          renewal,
          'Merci de votre confiance\u00a0!',
        ].join('\n'),
      );

      // The click opens WhatsApp and records the step; both screens show it done, naming Amina.
      const [chat] = await Promise.all([actor.context.waitForEvent('page'), remind.click()]);
      expect(chat.url()).toBe(href.toString());
      await row.getByTestId('subscription-reminded').waitFor();
      await page.getByText(new RegExp(`Reminder of order .?#${sub.number}.? recorded`)).waitFor();
      const watched = rowOf(watcher.page, sub.subscriptionId);
      await expect
        .poll(async () => plain(await watched.getByTestId('subscription-last-reminder').textContent()), {
          timeout: 10_000,
        })
        .toMatch(/^Reminded (now|this minute|0 minutes ago) by Amina Haddad7 days before$/);
      await watched.getByTestId('subscription-reminded').waitFor();
      const listed = await suite.shop.api<{ subscriptions: { id: string; lastReminder: unknown }[] }>(
        'GET',
        '/api/admin/subscriptions?view=expiring&search=0550123456',
      );
      expect(listed.subscriptions.find((s) => s.id === sub.subscriptionId)?.lastReminder).toMatchObject({
        step: '7d',
        by: amina.id,
        byName: 'Amina Haddad',
      });
      expect([...watcher.errors, ...actor.errors]).toEqual([]);
    },
  );

  it('tells who took the step first, and when, and shows theirs on the row', { timeout: 60_000 }, async () => {
    const sub = await deliveredOrder('0661000002', 'Sara Kaci');
    now = new Date(Date.parse(sub.endsAt) - 1 * DAY);
    const { page, errors } = await openScreen('/admin/subscriptions?search=0661000002', { offline: true });
    const row = rowOf(page, sub.subscriptionId);
    await row.waitFor();
    expect(plain(await headingOver(page, row).textContent())).toBe('Tomorrow');
    await row.getByTestId('subscription-prepare').click();
    await row.getByTestId('subscription-remind').waitFor();
    expect(await row.getByTestId('subscription-remind').getAttribute('data-step')).toBe('1d');

    // Karim sends it first; this page, cut off from live updates, does not know.
    const karim = await suite.shop.createAdmin('Karim Belkacem');
    await suite.shop.api('POST', `/api/admin/subscriptions/${sub.subscriptionId}/reminders`, { step: '1d' }, karim);
    now = new Date(now.getTime() + 3 * 60_000);
    await page.clock.setFixedTime(now);
    await row.getByTestId('subscription-remind').click();
    await page.getByText(/Already reminded by .?Karim Belkacem.?, .?3 minutes ago/).waitFor();
    await expect
      .poll(async () => plain(await row.getByTestId('subscription-last-reminder').textContent()))
      // The list reads its times once a minute: "this minute" or "3 minutes ago" by then.
      .toMatch(/^Reminded (this minute|3 minutes ago) by Karim BelkacemThe day before$/);
    await row.getByTestId('subscription-reminded').waitFor();
    expect(errors).toEqual([]);
  });

  it('downloads the CSV of the view', async () => {
    const sub = await deliveredOrder('0770000003', 'Nadia Saadi');
    now = new Date(Date.parse(sub.endsAt) + 2 * DAY);
    const { page } = await openScreen('/admin/subscriptions?view=expired');
    const row = rowOf(page, sub.subscriptionId);
    await row.waitFor();
    expect(plain(await headingOver(page, row).textContent())).toBe('Ended 2 days ago');
    expect(plain(await row.getByTestId('subscription-days-left').textContent())).toBe('ended 2 days ago');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('subscriptions-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('subscriptions-expired-2026-04-04.csv');
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toContain('Order number');
    const line = csv.find((text) => text.includes('0770000003'));
    expect(line).toContain(`${sub.number}`);
    expect(line).toContain('Nadia Saadi');
    const { pagination } = await suite.shop.api<{ pagination: { total: number } }>(
      'GET',
      '/api/admin/subscriptions?view=expired',
    );
    expect(csv).toHaveLength(1 + pagination.total);

    // The customer's number leads to their page, with this subscription on it.
    await row.getByTestId('subscription-customer-link').click();
    await page.waitForURL(/\/admin\/customers\/[^/]+$/);
    expect(plain(await page.getByTestId('customer-name').textContent())).toBe('Nadia Saadi');
    await rowOf(page, sub.subscriptionId).waitFor();
  });
});

describe('accessibility (axe-core)', () => {
  it('finds nothing serious on the worklist in Arabic at 1024 px, light and dark', { timeout: 60_000 }, async () => {
    const sub = await deliveredOrder('0550999004', 'يوسف');
    now = new Date(Date.parse(sub.endsAt) - 5 * DAY);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openScreen('/admin/subscriptions', { language: 'ar', width: 1024, colorScheme });
      const row = rowOf(page, sub.subscriptionId);
      await row.waitFor();
      expect(plain(await headingOver(page, row).textContent())).toBe('بعد 5 أيام');
      await row.getByTestId('subscription-prepare').click();
      await row.getByTestId('subscription-remind').waitFor();
      expect(await seriousViolations(page), `worklist, ar, ${colorScheme}`).toEqual([]);
      // The actions stay in view at the end of the row.
      const box = await row.getByTestId('subscription-remind').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
    }
  });
});
