import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvisioningStandIn, type ProvisioningStandIn } from '../src/cli/provisioning-stand-in';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage } from './support/admin';

// Automatic delivery seen from the back office (docs/product.md#automatic-delivery): with the
// provisioning service down, the order's Delivery section says it failed and why, offers Retry and
// keeps the form for a delivery by hand; Retry once the service is back delivers the details and
// dispatches the order; axe finds nothing serious on the failure in Arabic.

const SECRET = 'provisioning-secret-for-e2e-0123';
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
}

/** An order paid while the service is down, once its automatic delivery has failed. */
async function failedOrder(): Promise<{ orderId: string; number: number }> {
  standIn.setDown(true);
  const { orderId } = await suite.shop.placeOrder(productId, 2000);
  let order: Detail | undefined;
  await expect
    .poll(
      async () => {
        order = (await suite.shop.api<{ order: Detail }>('GET', `/api/admin/orders/${orderId}`)).order;
        return order.automaticDelivery?.state;
      },
      { timeout: 20_000 },
    )
    .toBe('failed');
  return { orderId, number: order!.number };
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
