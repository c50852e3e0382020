import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage, type AdminOpenOptions } from './support/admin';

// Delivering a paid order's activation details in a real browser (docs/product.md#subscriptions):
// the dashboard's card and the list's filter lead to it, the detail's form saves Xtream details
// (the order is dispatched, the details masked until Show, Copy announced), a correction made
// meanwhile by another admin meets the conflict dialog, a wrong MAC is refused
// in the form in the admin's language, and axe finds nothing serious on the form in Arabic.

const suite = adminBrowserSuite();
let productId: string;

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
});

/** A 2,000 Da order paid in the sandbox, once the store has it completed. */
async function paidOrder(): Promise<{ orderId: string; number: number }> {
  const { orderId } = await suite.shop.placeOrder(productId, 2000);
  let order: { status: string; number: number } | undefined;
  await expect
    .poll(
      async () => {
        order = (await suite.shop.api<{ order: typeof order }>('GET', `/api/admin/orders/${orderId}`)).order;
        return order?.status;
      },
      { timeout: 15_000 },
    )
    .toBe('completed');
  return { orderId, number: order!.number };
}

async function openSignedIn(path: string, language = 'en', options: AdminOpenOptions = {}) {
  const storage = { ...(await signedInStorage(suite.url, TEST_ADMIN)), 'admin-language': language };
  return suite.open(path, { ...options, storage });
}

describe('delivering an order', () => {
  it('says an order dispatched by Update Status has no activation details yet, and still takes them', async () => {
    const { orderId } = await paidOrder();
    await suite.shop.api('PUT', `/api/admin/orders/${orderId}/status`, { status: 'dispatched' });
    const { page } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const section = page.getByTestId('order-delivery');
    await section.waitFor();
    expect(await section.getAttribute('data-state')).toBe('awaiting');
    expect(plain(await section.getByTestId('delivery-state-text').textContent())).toMatch(
      /^Dispatched without activation details/,
    );
    await section.getByTestId('delivery-save').waitFor();
  });

  it('is found from the dashboard, saves Xtream details, dispatches the order and masks the secrets', async () => {
    const { orderId, number } = await paidOrder();
    const dashboard = await openSignedIn('/admin');
    const card = dashboard.page.getByTestId('stat-awaiting-delivery');
    await card.waitFor();
    expect(plain(await card.textContent())).toMatch(/\d+ paid orders? awaits? the activation details/);
    await card.getByRole('link').click();
    await dashboard.page.getByTestId('orders-page').waitFor();
    expect(new URL(dashboard.page.url()).searchParams.get('delivery')).toBe('awaiting');
    await dashboard.page.locator(`tr[data-row-id="${orderId}"]`).waitFor();
    expect(await dashboard.page.getByTestId('orders-delivery').inputValue()).toBe('awaiting');

    const { page, context, errors } = await openSignedIn(`/admin/orders?id=${orderId}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
    const section = page.getByTestId('order-delivery');
    await section.waitFor();
    expect(await section.getAttribute('data-state')).toBe('awaiting');
    expect(plain(await section.getByTestId('delivery-subscription').locator('legend').textContent())).toBe(
      'Gold · 1 month',
    );
    // Nothing typed: each field says it is required, and nothing is sent.
    await section.getByTestId('delivery-save').click();
    expect(plain(await section.getByTestId('delivery-error-serverUrl').textContent())).toBe('This field is required');
    await section.getByTestId('delivery-serverUrl').fill('ftp://tv.example.dz');
    await section.getByTestId('delivery-save').click();
    await expect
      .poll(async () => plain(await section.getByTestId('delivery-error-serverUrl').textContent()))
      .toBe('Enter a web address starting with http:// or https://');
    expect(await page.getByTestId('order-detail-body').getAttribute('data-status')).toBe('completed');

    await section.getByTestId('delivery-serverUrl').fill('http://tv.example.dz:8080');
    await section.getByTestId('delivery-username').fill('client-1042');
    await section.getByTestId('delivery-password').fill('s3cret-pass');
    await section.getByTestId('delivery-note').fill('Use IPTV Smarters');
    await section.getByTestId('delivery-message').fill('Enjoy!');
    await section.getByTestId('delivery-save').click();
    await page.getByText(new RegExp(`Activation details of order .?#${number}.? delivered`)).waitFor();
    await expect.poll(() => page.getByTestId('order-detail-body').getAttribute('data-status')).toBe('dispatched');
    await expect.poll(() => section.getAttribute('data-state')).toBe('delivered');

    const delivered = section.getByTestId('delivered-subscription');
    expect(plain(await delivered.getByTestId('delivered-serverUrl').textContent())).toBe('http://tv.example.dz:8080');
    expect(plain(await delivered.getByTestId('delivered-username').textContent())).toBe('client-1042');
    expect(plain(await delivered.getByTestId('delivered-password').textContent())).toBe('••••••••');
    expect(await delivered.textContent()).not.toContain('s3cret-pass');
    await delivered.getByTestId('delivered-password-show').click();
    expect(plain(await delivered.getByTestId('delivered-password').textContent())).toBe('s3cret-pass');
    expect(await delivered.getByTestId('delivered-password-show').getAttribute('aria-pressed')).toBe('true');

    await delivered.getByTestId('delivered-password-copy').click();
    await expect
      .poll(async () => plain(await section.getByTestId('delivery-announcement').textContent()))
      .toBe('Password copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('s3cret-pass');

    // Edit opens the form with the details delivered, to correct them.
    await section.getByTestId('delivery-edit').click();
    expect(await section.getByTestId('delivery-username').inputValue()).toBe('client-1042');
    await section.getByTestId('delivery-username').fill('client-1042b');
    await section.getByTestId('delivery-save').click();
    await expect
      .poll(async () => plain(await section.getByTestId('delivered-username').textContent()))
      .toBe('client-1042b');
    const stored = await suite.shop.api<{ order: { subscriptions: { activation: { username: string } }[] } }>(
      'GET',
      `/api/admin/orders/${orderId}`,
    );
    expect(stored.order.subscriptions[0]!.activation.username).toBe('client-1042b');
    expect(errors).toEqual([]);
  }, 60_000);

  it('meets another admin’s correction made meanwhile with the conflict dialog, not overwriting it', async () => {
    const { orderId } = await paidOrder();
    const { order: opened } = await suite.shop.api<{ order: { subscriptions: { id: string }[] } }>(
      'GET',
      `/api/admin/orders/${orderId}`,
    );
    const first = {
      subscriptions: [{ subscriptionId: opened.subscriptions[0]!.id, kind: 'code', code: 'FIRST-CODE' }],
    };
    await suite.shop.api('PUT', `/api/admin/orders/${orderId}/delivery`, first);

    const { page } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const section = page.getByTestId('order-delivery');
    await section.getByTestId('delivered-subscription').waitFor();
    await section.getByTestId('delivery-edit').click();
    expect(await section.getByTestId('delivery-code').inputValue()).toBe('FIRST-CODE');
    await section.getByTestId('delivery-code').fill('MINE-CODE');
    // Another admin corrects the details while this form is open.
    const other = { subscriptions: [{ ...first.subscriptions[0]!, code: 'THEIR-CODE' }] };
    await suite.shop.api('PUT', `/api/admin/orders/${orderId}/delivery`, other);
    await section.getByTestId('delivery-save').click();
    const conflict = page.getByTestId('conflict-dialog');
    await conflict.waitFor();
    const { order } = await suite.shop.api<{ order: { subscriptions: { activation: { code: string } }[] } }>(
      'GET',
      `/api/admin/orders/${orderId}`,
    );
    expect(order.subscriptions[0]!.activation.code).toBe('THEIR-CODE');
    // Reload: the form starts again from the details as they are now.
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => section.getByTestId('delivery-code').inputValue()).toBe('THEIR-CODE');
  }, 60_000);

  it('refuses a wrong MAC next to its field in Arabic, and axe finds nothing serious on the form, light and dark', async () => {
    const { orderId } = await paidOrder();
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openSignedIn(`/admin/orders?id=${orderId}`, 'ar', { colorScheme });
      const section = page.getByTestId('order-delivery');
      await section.waitFor();
      expect(plain(await section.locator('h3').textContent())).toBe('التسليم');
      await section.getByTestId('delivery-kind').selectOption('mag');
      await section.getByTestId('delivery-portalUrl').fill('http://portal.example.dz/c/');
      await section.getByTestId('delivery-mac').fill('00:1A:79:AB:CD');
      await section.getByTestId('delivery-save').click();
      const error = section.getByTestId('delivery-error-mac');
      await error.waitFor();
      expect(plain(await error.textContent())).toBe(
        'أدخل ستة أزواج من الأرقام الست عشرية مفصولة بـ : أو - (00:1A:79:AB:CD:EF)',
      );
      expect(await section.getByTestId('delivery-mac').getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('delivery-mac');
      expect(await seriousViolations(page), `delivery form, ar, ${colorScheme}`).toEqual([]);
    }
    // Refused in the form: nothing reached the server.
    const { order } = await suite.shop.api<{ order: { status: string; deliveryState: string } }>(
      'GET',
      `/api/admin/orders/${orderId}`,
    );
    expect(order).toMatchObject({ status: 'completed', deliveryState: 'awaiting' });
  }, 60_000);
});
