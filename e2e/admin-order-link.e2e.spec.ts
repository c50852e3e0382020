import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import {
  adminBrowserSuite,
  liveUpdatesOn,
  plain,
  seriousViolations,
  signedInStorage,
  type AdminOpenOptions,
} from './support/admin';
import type { Credentials } from './support/shop';

// Reaching the shopper from the order's detail (docs/product.md#orders), in a real browser: the
// WhatsApp message in the language the shopper checked out in (not the admin's), with the private
// link and, only when ticked, the activation details; the click records who sent it; New link
// makes the old link stop opening the order and Copy link gives the new one; another admin is told
// live of a delivery and sees it; axe on the detail in Arabic, light and dark.

const suite = adminBrowserSuite();
let productId: string;
let adminName: string;

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
  adminName = (await suite.shop.api<{ user: { name: string } }>('GET', '/api/admin/me')).user.name;
});

interface OrderDetail {
  number: number;
  status: string;
  version: number;
  accessLink: { token: string; url: string } | null;
  whatsappSent: { by: string; byName: string } | null;
  subscriptions: { id: string }[];
}

const detailOf = async (orderId: string) =>
  (await suite.shop.api<{ order: OrderDetail }>('GET', `/api/admin/orders/${orderId}`)).order;

/** A 2,000 Da order checked out in `language` from 0661 23 45 67, paid in the sandbox, once the store has it completed. */
async function paidOrder(language: string) {
  const placed = await suite.shop.placeOrder(productId, 2000, { phone: '0661234567', fullName: 'Yacine', language });
  await expect.poll(async () => (await detailOf(placed.orderId)).status).toBe('completed');
  return { ...placed, ...(await detailOf(placed.orderId)) };
}

/** Xtream details delivered to the order's subscription through the API (as the test administrator). */
async function deliverXtream(orderId: string, password: string) {
  const { subscriptions } = await detailOf(orderId);
  await suite.shop.api('PUT', `/api/admin/orders/${orderId}/delivery`, {
    subscriptions: [
      {
        subscriptionId: subscriptions[0]!.id,
        kind: 'xtream',
        serverUrl: 'http://tv.example.dz:8080',
        username: 'yacine-tv',
        password,
        note: 'IPTV Smarters',
      },
    ],
  });
}

async function openSignedIn(path: string, options: AdminOpenOptions & { language?: string; as?: Credentials } = {}) {
  const { language = 'en', as = TEST_ADMIN, ...rest } = options;
  const storage = { ...(await signedInStorage(suite.url, as)), 'admin-language': language };
  const opened = await suite.open(path, { ...rest, storage });
  await opened.page.getByTestId('order-contact').waitFor();
  return opened;
}

/** The shopper's page as the storefront reads it: 200 while the token opens the order, 404 once replaced. */
const orderPageStatus = async (token: string) => (await fetch(`${suite.url}/api/orders/${token}`)).status;

/** The number and text of the Send on WhatsApp link. */
async function whatsappTarget(page: Page) {
  const href = await page.getByTestId('order-whatsapp-send').getAttribute('href');
  const url = new URL(href!);
  return { origin: url.origin, number: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' };
}

/** wa.me answered by the test, so the new tab opens without leaving the machine. */
const fakeWhatsApp = (context: BrowserContext) =>
  context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );

const notifications = async (page: Page) => plain(await page.getByTestId('admin-notifications').textContent());

describe('sending an order on WhatsApp', () => {
  it('writes to 213… in the shopper’s French, with the link, the details only when ticked, and records who sent it', async () => {
    const order = await paidOrder('fr');
    await deliverXtream(order.orderId, 's3cret-pass');
    // The admin reads the back office in English: the message stays in the shopper's French.
    const { page, context, errors } = await openSignedIn(`/admin/orders?id=${order.orderId}`);
    await fakeWhatsApp(context);
    const block = page.getByTestId('order-whatsapp');
    expect(plain(await block.getByTestId('order-whatsapp-language').textContent())).toBe(
      'The message is written in the language the shopper used at checkout: French.',
    );
    expect(plain(await page.getByTestId('order-whatsapp-sent').textContent())).toBe('Not sent on WhatsApp yet.');

    const link = `${suite.url}/orders/${order.accessToken}`;
    expect(plain(await page.getByTestId('order-link-url').textContent())).toBe(link);
    const plainMessage = await whatsappTarget(page);
    expect(plainMessage.origin).toBe('https://wa.me');
    expect(plainMessage.number).toBe('213661234567');
    expect(plainMessage.text).toContain('Bonjour Yacine,');
    expect(plainMessage.text).toContain(`Merci pour votre commande #${order.number} :`);
    expect(plainMessage.text).toContain('• Gold × 1 (1 mois)');
    expect(plainMessage.text).toContain(`page privée (ne la partagez avec personne) :\n${link}`);
    expect(plainMessage.text).not.toContain('s3cret-pass');
    expect(plainMessage.text).not.toContain('yacine-tv');

    await block.getByTestId('order-whatsapp-details').check();
    const withDetails = await whatsappTarget(page);
    expect(withDetails.text).toContain('Mot de passe :\ns3cret-pass');
    expect(withDetails.text).toContain('Nom d’utilisateur :\nyacine-tv');
    expect(withDetails.text).toContain('Note :\nIPTV Smarters');
    expect(withDetails.text.startsWith(plainMessage.text)).toBe(true);

    // One click: WhatsApp opens in a new tab and the sending is recorded.
    const [chat] = await Promise.all([context.waitForEvent('page'), block.getByTestId('order-whatsapp-send').click()]);
    expect(chat.url()).toBe(`https://wa.me/213661234567?text=${encodeURIComponent(withDetails.text)}`);
    await expect
      .poll(async () => plain(await page.getByTestId('order-whatsapp-sent').textContent()))
      .toMatch(new RegExp(`^Sent on WhatsApp by ${adminName}, (now|this minute|1 minute ago)$`));
    expect((await detailOf(order.orderId)).whatsappSent).toMatchObject({ byName: adminName });
    expect(errors).toEqual([]);
  }, 60_000);

  it('is refused, with the reason, until the order is paid', async () => {
    const { orderId } = await suite.shop.placeOrder(productId, 2000, { phone: '0661234567', paid: false });
    const { page } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const send = page.getByTestId('order-whatsapp-send');
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('href')).toBeNull();
    expect(plain(await page.getByTestId('order-whatsapp-why').textContent())).toBe('Offered once the order is paid.');
    expect(await page.getByTestId('order-whatsapp-details').isDisabled()).toBe(true);
  });
});

describe('the private link', () => {
  it('New link stops the old one at once, and Copy link gives the new one', async () => {
    const order = await paidOrder('ar');
    const { page, context, errors } = await openSignedIn(`/admin/orders?id=${order.orderId}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
    const block = page.getByTestId('order-link');
    const oldUrl = `${suite.url}/orders/${order.accessToken}`;
    expect(await orderPageStatus(order.accessToken)).toBe(200);

    await block.getByTestId('order-link-copy').click();
    await expect
      .poll(async () => plain(await page.getByTestId('contact-announcement').textContent()))
      .toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

    await block.getByTestId('order-link-renew').click();
    const confirm = page.getByTestId('order-link-confirm');
    await confirm.waitFor();
    expect(plain(await confirm.textContent())).toContain('The old one stops working at once');
    await confirm.getByTestId('order-link-confirm-confirm').click();
    await page.getByText(new RegExp(`Order .?#${order.number}.? has a new private link`)).waitFor();
    await expect.poll(async () => plain(await block.getByTestId('order-link-url').textContent())).not.toBe(oldUrl);

    const renewed = (await detailOf(order.orderId)).accessLink!;
    expect(renewed.token).not.toBe(order.accessToken);
    expect(await orderPageStatus(order.accessToken)).toBe(404);
    expect(await orderPageStatus(renewed.token)).toBe(200);
    await block.getByTestId('order-link-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(renewed.url);
    // The WhatsApp message carries the new link.
    expect((await whatsappTarget(page)).text).toContain(renewed.url);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('two admins', () => {
  it('the other admin is told who delivered, and sees the delivery and the list’s badge go', async () => {
    const order = await paidOrder('fr');
    const karim = await suite.shop.createAdmin('Karim Haddad');
    const other = await openSignedIn(`/admin/orders?id=${order.orderId}`, { as: karim });
    const row = other.page.locator(`tr[data-row-id="${order.orderId}"]`);
    expect(plain(await row.getByTestId('order-awaiting-delivery').textContent())).toBe('Awaiting delivery');
    const me = await openSignedIn(`/admin/orders?id=${order.orderId}`);
    for (const { page } of [me, other]) await liveUpdatesOn(page);

    const form = me.page.getByTestId('order-delivery');
    await form.getByTestId('delivery-kind').selectOption('code');
    await form.getByTestId('delivery-code').fill('GOLD-1042-XYZ');
    await form.getByTestId('delivery-save').click();
    await me.page.getByText(new RegExp(`Activation details of order .?#${order.number}.? delivered$`)).waitFor();

    await expect
      .poll(() => notifications(other.page), { timeout: 10_000 })
      .toContain(`Activation details of order #${order.number} delivered by ${adminName}`);
    // The order's dispatch, told in the same breath, gives way to the delivery's notice.
    await expect.poll(() => notifications(other.page)).not.toContain('as dispatched');
    await expect.poll(() => other.page.getByTestId('order-delivery').getAttribute('data-state')).toBe('delivered');
    await expect.poll(() => row.getByTestId('order-awaiting-delivery').count()).toBe(0);
    // The admin who delivered is not told of their own delivery.
    expect(await notifications(me.page)).not.toContain('delivered by');
    expect(me.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  }, 90_000);
});

describe('accessibility (axe-core)', () => {
  it('finds nothing serious on the detail’s link and WhatsApp blocks in Arabic, light and dark', async () => {
    const order = await paidOrder('fr');
    await deliverXtream(order.orderId, 'axe-pass');
    await suite.shop.api('POST', `/api/admin/orders/${order.orderId}/whatsapp-sent`, { withDetails: false });
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openSignedIn(`/admin/orders?id=${order.orderId}`, { language: 'ar', colorScheme });
      await expect
        .poll(async () => plain(await page.getByTestId('order-whatsapp-sent').textContent()))
        .toContain(`أرسله ${adminName} عبر واتساب`);
      expect(plain(await page.getByTestId('order-whatsapp-language').textContent())).toContain('الفرنسية');
      await page.getByTestId('order-whatsapp-details').check();
      expect(await seriousViolations(page), `order detail, ar, ${colorScheme}`).toEqual([]);
    }
  }, 60_000);
});
