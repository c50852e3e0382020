import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvisioningStandIn, type ProvisioningStandIn } from '../src/cli/provisioning-stand-in';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage } from './support/admin';

// Automatic delivery seen from the back office (docs/product.md#automatic-delivery): with the
// provisioning service down, the order's Delivery section says it failed and why, offers Retry and
// keeps the form for a delivery by hand; Retry once the service is back delivers the details and
// dispatches the order; axe finds nothing serious on the failure in Arabic. A paid renewal the
// service could not extend says so in the renewal's detail, with Retry; Retry once the service is
// back says it is extended. SCREENSHOTS_DIR saves pictures of the renewal's detail.

const SECRET = 'provisioning-secret-for-e2e-0123';
const screenshots = process.env.SCREENSHOTS_DIR;
// Read when the suite's app starts, after the stand-in below has its address.
const env: Record<string, string> = {
  PROVISIONING_SECRET: SECRET,
  PROVISIONING_ATTEMPTS: '2',
  PROVISIONING_RETRY_AFTER: '50ms',
};
let standIn: ProvisioningStandIn;

beforeAll(async () => {
  standIn = await startProvisioningStandIn({ secret: SECRET });
  env.PROVISIONING_URL = standIn.url;
});
afterAll(() => standIn?.close());

const suite = adminBrowserSuite(env);
let productId: string;

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
});

interface Detail {
  status: string;
  number: number;
  automaticDelivery: { state: string } | null;
  automaticExtension: { state: string } | null;
  subscriptions: { id: string }[];
}

/** Polls the order's detail until `state` of it reads `expected`; the detail then. */
async function detailWhen(orderId: string, state: (order: Detail) => string | undefined, expected: string) {
  let order: Detail | undefined;
  await expect
    .poll(
      async () => {
        order = (await suite.shop.api<{ order: Detail }>('GET', `/api/admin/orders/${orderId}`)).order;
        return state(order);
      },
      { timeout: 20_000 },
    )
    .toBe(expected);
  return order!;
}

/** An order paid while the service is down, once its automatic delivery has failed. */
async function failedOrder(): Promise<{ orderId: string; number: number }> {
  standIn.setDown(true);
  const { orderId } = await suite.shop.placeOrder(productId, 2000);
  const order = await detailWhen(orderId, (o) => o.automaticDelivery?.state, 'failed');
  return { orderId, number: order.number };
}

/** A renewal paid while the service is down, of an order it delivered, once its extension has failed. */
async function failedRenewal(): Promise<{ orderId: string; number: number }> {
  standIn.setDown(false);
  const renewed = await suite.shop.placeOrder(productId, 2000);
  const delivered = await detailWhen(renewed.orderId, (o) => o.automaticDelivery?.state, 'delivered');
  standIn.setDown(true);
  const renewing = { accessToken: renewed.accessToken, subscriptionId: delivered.subscriptions[0]!.id };
  const { orderId } = await suite.shop.placeOrder(productId, 2000, { renewing });
  const order = await detailWhen(orderId, (o) => o.automaticExtension?.state, 'failed');
  return { orderId, number: order.number };
}

async function openSignedIn(path: string, language = 'en') {
  const storage = { ...(await signedInStorage(suite.url, TEST_ADMIN)), 'admin-language': language };
  return suite.open(path, { storage });
}

describe('automatic delivery in the order detail', () => {
  it('shows the failure with its reason and the form; Retry delivers once the service is back', async () => {
    const { orderId, number } = await failedOrder();
    const { page, errors } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const section = page.getByTestId('order-delivery');
    const notice = section.getByTestId('automatic-delivery');
    await notice.waitFor();
    expect(await notice.getAttribute('data-state')).toBe('failed');
    expect(plain(await notice.textContent())).toContain(
      'Automatic delivery failed: the provisioning service answered 503',
    );
    expect(plain(await notice.textContent())).toContain('deliver the details by hand below');
    await section.getByTestId('delivery-serverUrl').waitFor();

    standIn.setDown(false);
    await notice.getByTestId('automatic-delivery-retry').click();
    await page.getByText(new RegExp(`Automatic delivery of order .?#${number}.? requested again`)).waitFor();
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 15_000 }).toBe('delivered');
    await expect.poll(() => page.getByTestId('order-detail-body').getAttribute('data-status')).toBe('dispatched');
    expect(plain(await section.getByTestId('delivered-serverUrl').textContent())).toBe('http://tv.example.net:8080');
    expect(await section.getByTestId('automatic-delivery').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('says so in Arabic, and axe finds nothing serious on the failure', async () => {
    const { orderId } = await failedOrder();
    const { page } = await openSignedIn(`/admin/orders?id=${orderId}`, 'ar');
    const notice = page.getByTestId('automatic-delivery');
    await notice.waitFor();
    expect(plain(await notice.textContent())).toContain('فشل التسليم التلقائي: the provisioning service answered 503');
    expect(plain(await notice.getByTestId('automatic-delivery-retry').textContent())).toBe('إعادة المحاولة');
    expect(await seriousViolations(page), 'automatic delivery failed, ar').toEqual([]);
    standIn.setDown(false);
  }, 60_000);
});

describe('a renewal’s extension on the provisioning service in the order detail', () => {
  it('shows the failure with its reason; Retry once the service is back says it is extended', async () => {
    const { orderId, number } = await failedRenewal();
    const { page, errors } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const section = page.getByTestId('order-extension');
    const notice = section.getByTestId('automatic-extension');
    await notice.waitFor();
    expect(plain(await section.getByRole('heading').textContent())).toBe('Provisioning service');
    expect(await notice.getAttribute('data-state')).toBe('failed');
    expect(plain(await notice.textContent())).toContain(
      'Extension on the provisioning service failed: the provisioning service answered 503',
    );
    // A renewal has nothing to deliver: no Delivery section beside it.
    expect(await page.getByTestId('order-delivery').count()).toBe(0);

    standIn.setDown(false);
    await notice.getByTestId('automatic-extension-retry').click();
    await page
      .getByText(new RegExp(`Extension of order .?#${number}.? on the provisioning service requested again`))
      .waitFor();
    await expect.poll(() => notice.getAttribute('data-state'), { timeout: 15_000 }).toBe('extended');
    expect(plain(await notice.textContent())).toMatch(/^Extended on the provisioning service, .+\.$/);
    expect(await notice.getByTestId('automatic-extension-retry').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('says so in Arabic and in French, and axe finds nothing serious on the failure', async () => {
    const { orderId } = await failedRenewal();
    const { page } = await openSignedIn(`/admin/orders?id=${orderId}`, 'ar');
    const notice = page.getByTestId('automatic-extension');
    await notice.waitFor();
    expect(plain(await notice.textContent())).toContain(
      'فشل التمديد على خدمة التزويد: the provisioning service answered 503',
    );
    expect(plain(await notice.getByTestId('automatic-extension-retry').textContent())).toBe('إعادة المحاولة');
    expect(await seriousViolations(page), 'automatic extension failed, ar').toEqual([]);
    const french = (await openSignedIn(`/admin/orders?id=${orderId}`, 'fr')).page.getByTestId('automatic-extension');
    await french.waitFor();
    expect(plain(await french.textContent())).toContain('La prolongation sur le service de provisionnement a échoué');
    standIn.setDown(false);
  }, 60_000);
});

describe.runIf(screenshots)('screenshots', () => {
  it('of a renewal’s extension failed, then done, in each language, light and dark, at 1024 px', async () => {
    mkdirSync(screenshots!, { recursive: true });
    const { orderId } = await failedRenewal();
    for (const state of ['failed', 'extended']) {
      if (state === 'extended') {
        standIn.setDown(false);
        await suite.shop.api('POST', `/api/admin/orders/${orderId}/provisioning/extension/retry`);
        await detailWhen(orderId, (o) => o.automaticExtension?.state, 'extended');
      }
      for (const language of ['ar', 'fr', 'en'])
        for (const colorScheme of ['light', 'dark'] as const) {
          const storage = { ...(await signedInStorage(suite.url, TEST_ADMIN)), 'admin-language': language };
          const { page } = await suite.open(`/admin/orders?id=${orderId}`, { storage, colorScheme, width: 1024 });
          await page.locator(`[data-testid="automatic-extension"][data-state="${state}"]`).waitFor();
          const file = `renewal-extension-${state}-${language}-${colorScheme}-1024.png`;
          await page.getByTestId('order-detail').screenshot({ path: path.join(screenshots!, file) });
        }
    }
  }, 120_000);
});
