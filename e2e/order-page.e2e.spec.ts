import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderView } from '../src/shared/ordering';
import type { DeliveryInput } from '../src/shared/subscriptions';
import { adminBrowserSuite, plain, seriousViolations } from './support/admin';

// The shopper's side of delivery in a real browser (docs/product.md#order-page): the success screen
// gives the order's private link; the page it opens shows the activation details as an admin
// delivers and corrects them, without a reload, in any browser that has the link; a New link turns
// the open page into the replaced state; Find my order tells where an order stands, never its details.

const suite = adminBrowserSuite();
let gold: { id: string; name: string };
const ENGLISH = { 'store-language': 'en' };
const PHONE = '0550123456';
const TOKEN_URL = /\/orders\/([A-Za-z0-9_-]{43})$/;
/** How long a change may take to reach an open page (the live connection, then a read). */
const LIVE = { timeout: 15_000 };

beforeAll(async () => {
  gold = { id: await suite.shop.createGoldPack(), name: 'Gold' };
});

const goldCart = () =>
  JSON.stringify([
    {
      product: { id: gold.id, name: gold.name, price: 2000, duration: '1 month' },
      quantity: 1,
      selectedDuration: '1 month',
      selectedPrice: 2000,
    },
  ]);

/** The admin API with the order's version: the ETag of GET, sent back as If-Match. */
async function adminCall(method: string, path: string, body?: unknown, ifMatch?: string) {
  const answer = await fetch(new URL(path, suite.url), {
    method,
    headers: {
      Authorization: `Bearer ${await suite.shop.token()}`,
      'Content-Type': 'application/json',
      ...(ifMatch ? { 'If-Match': ifMatch } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return { etag: answer.headers.get('etag')!, json: (await answer.json()) as Record<string, unknown> };
}

interface AdminOrder {
  status: string;
  number: number;
  subscriptions: { id: string }[];
}

/** Delivers Xtream details to the order's one subscription, from the version the admin read. */
async function deliverXtream(orderId: string, password: string, message?: string): Promise<void> {
  const { etag, json } = await adminCall('GET', `/api/admin/orders/${orderId}`);
  const order = json.order as AdminOrder;
  const delivery: DeliveryInput = {
    message,
    subscriptions: [
      {
        subscriptionId: order.subscriptions[0]!.id,
        kind: 'xtream',
        serverUrl: 'http://tv.example.dz:8080',
        username: 'client-1042',
        password,
        note: 'Use IPTV Smarters',
      },
    ],
  };
  await adminCall('PUT', `/api/admin/orders/${orderId}/delivery`, delivery, etag);
}

/** Waits until the store has the order paid (the sandbox's webhook), as the admin reads it. */
async function paid(orderId: string): Promise<AdminOrder> {
  let order: AdminOrder | undefined;
  await expect
    .poll(async () => {
      order = (await adminCall('GET', `/api/admin/orders/${orderId}`)).json.order as AdminOrder;
      return order.status;
    }, LIVE)
    .toBe('completed');
  return order!;
}

const text = async (page: Page, testId: string) => plain(await page.getByTestId(testId).first().textContent());

/** Pays a Gold pack from the checkout in the sandbox, and waits for the success screen. */
async function buyGold(storage: Record<string, string> = ENGLISH) {
  const opened = await suite.openStore('/checkout', {
    storage: { ...storage, cart: goldCart(), customerPhone: PHONE },
  });
  const { page } = opened;
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/sandbox\/checkout\//, LIVE);
  await page.locator('button[name="outcome"][value="paid"]').click();
  await page.waitForURL(/\/order-confirmation\?checkout_id=/, LIVE);
  await page.getByTestId('order-success').waitFor();
  const checkoutId = new URL(page.url()).searchParams.get('checkout_id')!;
  const answer = await fetch(new URL(`/api/payment/order/${checkoutId}`, suite.url));
  const { order } = (await answer.json()) as { order: CustomerOrderView };
  return { ...opened, orderId: order.dbOrderId, number: order.orderNumber };
}

describe('the order page', () => {
  it('is given on the success screen, shows the details as they are delivered and corrected, live, and turns replaced', async () => {
    const { page, context, errors, orderId, number } = await buyGold();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });

    // The success screen: the private link, whole, to copy, to send to the shopper's own WhatsApp, to open.
    const link = await text(page, 'order-link-url');
    const token = TOKEN_URL.exec(link)?.[1];
    expect(link).toBe(`${suite.url}/orders/${token}`);
    await page.getByTestId('order-link-copy').click();
    await expect.poll(() => text(page, 'order-link-copy-status')).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const whatsapp = new URL((await page.getByTestId('order-link-whatsapp').getAttribute('href'))!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/213550123456');
    expect(whatsapp.searchParams.get('text')).toBe(`My order #${number} at Nova IPTV: ${link}`);
    expect(await text(page, 'delivery-note')).toContain('appear on your private order page');

    // The order page, paid and awaiting its details.
    await page.getByTestId('order-link-open').click();
    await page.waitForURL(TOKEN_URL);
    const status = page.getByTestId('order-page-status');
    await expect.poll(() => status.getAttribute('data-stage'), LIVE).toBe('activating');
    expect(plain(await status.textContent())).toContain('Being activated');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-page-title');
    expect(await page.title()).toBe(`Order #${number} · Nova IPTV`);
    expect(await text(page, 'order-page-awaiting')).toContain('They will appear on this page');

    // An admin delivers: the open page shows the details without a reload.
    await paid(orderId);
    await deliverXtream(orderId, 's3cret-pass', 'Enjoy the matches!');
    await expect.poll(() => status.getAttribute('data-stage'), LIVE).toBe('ready');
    const subscription = page.getByTestId('subscription');
    expect(await text(page, 'activation-serverUrl')).toBe('http://tv.example.dz:8080');
    expect(await text(page, 'activation-username')).toBe('client-1042');
    expect(await text(page, 'activation-password')).toBe('s3cret-pass');
    expect(await text(page, 'activation-note')).toBe('Note: Use IPTV Smarters');
    expect(await text(page, 'order-page-message')).toContain('Enjoy the matches!');
    expect(plain(await subscription.locator('h3').textContent())).toBe('Gold · 1 month');
    expect(await text(page, 'subscription-left')).toMatch(/^(28|29|30|31) days$/);
    expect(await page.getByTestId('activation-qr').getAttribute('alt')).toBe('QR code: Server URL');
    await page.getByTestId('copy-password').click();
    await expect.poll(() => text(page, 'copy-password-status')).toBe('Password copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('s3cret-pass');
    // The setup guide fits the kind: an Xtream login goes into a player app.
    const smartTv = page.getByTestId('setup-smartTv');
    await smartTv.getByRole('button', { name: 'On a Smart TV' }).click();
    expect(await smartTv.locator('li').count()).toBe(4);
    expect(plain(await smartTv.textContent())).toContain('Xtream Codes');
    expect(await page.getByTestId('setup-vlc').count()).toBe(0);

    // The same link in another browser (another phone) shows the same, with no storage of its own.
    const other = await suite.openStore(link);
    await other.page.getByTestId('order-page').waitFor();
    expect(await text(other.page, 'activation-username')).toBe('client-1042');
    // Opened where no language was ever chosen: in the order's own, the one it was placed in.
    await expect.poll(() => other.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await text(other.page, 'order-page-number')).toBe(`#${number}`);

    // A correction reaches the open page too.
    await deliverXtream(orderId, 'n3w-pass');
    await expect.poll(() => text(page, 'activation-password'), LIVE).toBe('n3w-pass');

    // New link: the open page says its link was replaced and no longer shows the details.
    const renewed = await adminCall('POST', `/api/admin/orders/${orderId}/access-link`);
    const newLink = (renewed.json.link as { url: string }).url;
    const gone = page.getByTestId('order-link-gone');
    await gone.waitFor(LIVE);
    expect(await gone.getAttribute('data-state')).toBe('replaced');
    expect(plain(await gone.textContent())).toContain('This link was replaced');
    expect(await page.title()).toBe('This link was replaced · Nova IPTV');
    expect(plain(await gone.textContent())).toContain(`new private link for order #${number}`);
    expect(await page.content()).not.toContain('n3w-pass');
    expect(await gone.getByTestId('link-gone-find').getAttribute('href')).toBe('/orders/find');
    const ask = new URL((await gone.getByTestId('link-gone-whatsapp').getAttribute('href'))!);
    expect(ask.searchParams.get('text')).toContain(`my order #${number} was replaced`);

    // The old address now opens nothing; the new one opens the order.
    await other.page.reload({ waitUntil: 'domcontentloaded' });
    await other.page.getByTestId('order-link-gone').waitFor();
    expect(await other.page.getByTestId('order-link-gone').getAttribute('data-state')).toBe('unknown');
    await other.page.goto(newLink);
    await expect.poll(() => text(other.page, 'activation-password'), LIVE).toBe('n3w-pass');
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  }, 90_000);

  it('opens nothing for a made-up token, and the API says 404', async () => {
    const madeUp = 'A'.repeat(43);
    const answer = await fetch(new URL(`/api/orders/${madeUp}`, suite.url));
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('order.link_not_found');

    const { page, errors } = await suite.openStore(`/orders/${madeUp}`, { storage: ENGLISH });
    const gone = page.getByTestId('order-link-gone');
    await gone.waitFor();
    expect(await gone.getAttribute('data-state')).toBe('unknown');
    expect(plain(await page.getByRole('heading', { level: 1 }).textContent())).toBe('This link does not open an order');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('link-gone-title');
    expect(await page.title()).toBe('This link does not open an order · Nova IPTV');
    await gone.getByTestId('link-gone-find').click();
    await page.getByTestId('find-order').waitFor();
    expect(errors).toEqual([]);
  });

  it('sends no referrer from the page that holds the link', async () => {
    const answer = await fetch(new URL(`/orders/${'B'.repeat(43)}`, suite.url), { headers: { Accept: 'text/html' } });
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('Find my order', () => {
  it('finds an order by phone and number from the footer, with its status and never its details', async () => {
    const { orderId } = await suite.shop.placeOrder(gold.id, 2000, { phone: '0661234567' });
    const { number } = await paid(orderId);
    await deliverXtream(orderId, 'hidden-pass-42');

    const { page, errors } = await suite.openStore('/', { storage: ENGLISH });
    await page.getByTestId('footer-find-order').click();
    await page.getByTestId('find-order').waitFor();
    expect(await page.title()).toBe('Find my order · Nova IPTV');

    // The shared rules, said on leaving a field and on submit.
    const phone = page.getByTestId('phone-input');
    await phone.fill('0455');
    await phone.blur();
    expect(await text(page, 'phone-error')).toBe(
      'Must be a valid Algerian phone number (starting with 05, 06, or 07 and consisting of 10 digits)',
    );
    await phone.fill('0661 23 45 67');
    expect(await page.getByTestId('phone-error').count()).toBe(0);
    await page.getByTestId('find-submit').click();
    expect(await text(page, 'find-number-error')).toBe('Enter the order number, e.g. 1042');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('find-number');

    // A miss says so in the page's language.
    await page.getByTestId('find-number').fill(String(number + 1000));
    await page.getByTestId('find-submit').click();
    await expect
      .poll(() => text(page, 'find-problem'))
      .toBe('No order matches this phone number and order number. Check both and try again.');

    await page.getByTestId('find-number').fill(`#${number}`);
    await page.getByTestId('find-submit').click();
    const result = page.getByTestId('lookup-result');
    await result.waitFor();
    expect(await text(page, 'lookup-status')).toBe('Completed');
    expect(await text(page, 'lookup-delivery')).toBe('Delivered, on your private order page');
    expect(await text(page, 'lookup-items')).toBe('1 × Gold · 1 month');
    expect(await text(page, 'lookup-total')).toBe('2,000 Da');
    const whatsapp = new URL((await page.getByTestId('support-whatsapp').getAttribute('href'))!);
    expect(whatsapp.searchParams.get('text')).toContain(`my order #${number}.`);
    const content = await page.content();
    expect(content).not.toContain('hidden-pass-42');
    expect(content).not.toContain('client-1042');
    expect(content).not.toMatch(/\/orders\/[A-Za-z0-9_-]{43}/);
    expect(errors).toEqual([]);
  });
});

describe('accessibility', () => {
  it('axe finds nothing serious on the order page and Find my order, in Arabic, light and dark', async () => {
    const { orderId } = await suite.shop.placeOrder(gold.id, 2000, { phone: '0771234567' });
    const { number } = await paid(orderId);
    await deliverXtream(orderId, 'axe-pass', 'مرحبا بك');
    const { json } = await adminCall('GET', `/api/admin/orders/${orderId}`);
    const link = (json.order as { accessLink: { url: string } }).accessLink.url;
    for (const colorScheme of ['light', 'dark'] as const) {
      const storage = { 'store-language': 'ar', theme: colorScheme };
      const opened = await suite.openStore(link, { storage });
      const { page } = opened;
      await page.getByTestId('activation').waitFor();
      expect(await text(page, 'order-page-status')).toContain('جاهز');
      await page.getByTestId('setup-smartTv').getByRole('button').click();
      expect(await seriousViolations(page), `order page, ar, ${colorScheme}`).toEqual([]);

      await page.getByTestId('footer-find-order').click();
      await page.getByTestId('phone-input').fill('0771234567');
      await page.getByTestId('find-number').fill(String(number));
      await page.getByTestId('find-submit').click();
      await page.getByTestId('lookup-result').waitFor();
      expect(await text(page, 'lookup-status')).toBe('مكتمل');
      expect(await seriousViolations(page), `find my order, ar, ${colorScheme}`).toEqual([]);
      expect(opened.errors).toEqual([]);
    }
  }, 60_000);
});
