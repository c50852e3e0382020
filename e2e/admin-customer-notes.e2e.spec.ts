import type { Page } from 'playwright-core';
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

// A customer's page and the admins' internal notes (docs/product.md#notes), in a real browser
// against the real server: the customers list leads to the page (figures, Call and WhatsApp, the
// subscription and the order of a shopper's paid order), a note is added there and another on the
// order's detail, which a second admin sees arrive without reloading; the shopper's order page
// never shows one; a blank note is refused at its field in Arabic; axe in Arabic, light and dark,
// on a tablet and a phone.

const suite = adminBrowserSuite();
let productId: string;
let adminName: string;

const SHOPPER = { phone: '0661234567', fullName: 'Yacine Mansouri', language: 'fr' };
const INTERNATIONAL = '213661234567';
const CUSTOMER_PAGE = `/admin/customers/${SHOPPER.phone}`;

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
  adminName = (await suite.shop.api<{ user: { name: string } }>('GET', '/api/admin/me')).user.name;
});

interface OrderDetail {
  number: number;
  status: string;
}

const detailOf = async (orderId: string) =>
  (await suite.shop.api<{ order: OrderDetail }>('GET', `/api/admin/orders/${orderId}`)).order;

/** Yacine's 2,000 Da order, paid in the sandbox, once the store has it completed. */
async function paidOrder() {
  const placed = await suite.shop.placeOrder(productId, 2000, SHOPPER);
  await expect.poll(async () => (await detailOf(placed.orderId)).status, { timeout: 10_000 }).toBe('completed');
  return { ...placed, number: (await detailOf(placed.orderId)).number };
}

async function openSignedIn(path: string, options: AdminOpenOptions & { language?: string; as?: Credentials } = {}) {
  const { language = 'en', as = TEST_ADMIN, ...rest } = options;
  const storage = { ...(await signedInStorage(suite.url, as)), 'admin-language': language };
  return suite.open(path, { ...rest, storage });
}

const textOf = async (page: Page, testId: string) => plain(await page.getByTestId(testId).first().innerText());
/** The notes as shown, newest first: their text with its line breaks. */
const notesShown = (scope: Page, within: string) =>
  scope
    .getByTestId(within)
    .getByTestId('note-text-shown')
    .evaluateAll((notes) => notes.map((note) => (note as HTMLElement).innerText));

/** Writes a note in the form inside `within` and saves it. */
async function addNote(page: Page, within: string, text: string) {
  const form = page.getByTestId(within).getByTestId('note-form');
  await form.getByTestId('note-text').fill(text);
  await form.getByTestId('note-save').click();
}

describe('a customer’s page', () => {
  it('opens from the customers list with their figures, Call, WhatsApp, subscription and order, and keeps a note', async () => {
    const order = await paidOrder();
    const { page, errors } = await openSignedIn('/admin/customers');
    const row = page.locator(`tr[data-row-id="${SHOPPER.phone}"]`);
    await row.waitFor();
    expect(await row.getByTestId('customer-call').getAttribute('href')).toBe(`tel:+${INTERNATIONAL}`);
    expect(await row.getByTestId('customer-whatsapp').getAttribute('href')).toBe(
      `https://wa.me/${INTERNATIONAL}?text=`,
    );

    await row.getByTestId('customer-view').click();
    await page.waitForURL((url) => url.pathname === CUSTOMER_PAGE);
    await page.getByTestId('customer-name').waitFor();
    expect(await textOf(page, 'customer-name')).toBe(SHOPPER.fullName);
    expect(await textOf(page, 'customer-phone')).toBe('0661 23 45 67');
    expect(plain(await page.title())).toBe(`${SHOPPER.fullName} · Back office`);
    // The sidebar still says where the page belongs.
    const nav = page.getByTestId('admin-sidebar').getByRole('link', { name: 'Customers' });
    expect(await nav.getAttribute('aria-current')).toBe('page');
    expect(await textOf(page, 'customer-orders-count')).toBe('Orders 1');
    expect(await textOf(page, 'customer-total')).toBe('Total spent 2,000 Da');
    expect(await textOf(page, 'customer-first-order')).toMatch(/^First order \d{2}\/\d{2}\/\d{4}$/);
    const header = page.locator('.admin-customer-contact');
    expect(await header.getByTestId('customer-call').getAttribute('href')).toBe(`tel:+${INTERNATIONAL}`);
    expect(await header.getByTestId('customer-whatsapp').getAttribute('href')).toBe(
      `https://wa.me/${INTERNATIONAL}?text=`,
    );

    // The subscription as the subscriptions screen shows it, and the order, which opens its detail.
    const subscription = page.getByTestId('customer-subscriptions').locator('tbody tr');
    expect(await subscription.count()).toBe(1);
    expect(plain(await subscription.textContent())).toContain('Gold');
    expect(plain(await subscription.locator('[data-status]').textContent())).toBe('Awaiting delivery');
    const orderLink = page.getByTestId('customer-orders').getByTestId('customer-order');
    expect(await orderLink.count()).toBe(1);
    expect(plain(await orderLink.textContent())).toBe(`#${order.number}`);
    expect(plain(await page.getByTestId('customer-orders').locator('tbody tr').textContent())).toContain('2,000 Da');

    // Notes are internal, and say so.
    const notes = page.getByTestId('notes');
    expect(plain(await notes.textContent())).toContain('Never shown to the customer');
    expect(await notes.getByTestId('notes-empty').count()).toBe(1);
    await addNote(page, 'notes', 'Prefers WhatsApp after 18:00\nNo calls at work');
    await page.getByText('Note saved').waitFor();
    await expect.poll(() => notesShown(page, 'notes')).toEqual(['Prefers WhatsApp after 18:00\nNo calls at work']);
    expect(await textOf(page, 'note-author')).toBe(adminName);
    expect(await notes.getByTestId('note-text').inputValue()).toBe('');
    // Kept: the page read again has it.
    await page.reload();
    await expect.poll(() => notesShown(page, 'notes')).toEqual(['Prefers WhatsApp after 18:00\nNo calls at work']);

    await orderLink.click();
    await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('id') === order.orderId);
    await page.getByTestId('order-detail-body').waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  it('says when nobody ordered from a phone number', async () => {
    const { page } = await openSignedIn('/admin/customers/0550999999');
    await page.getByTestId('customer-not-found').waitFor();
    expect(plain(await page.getByTestId('customer-not-found').textContent())).toContain('Customer not found');
  });

  it('refuses a blank note at its field, in Arabic', async () => {
    await paidOrder();
    const { page, errors } = await openSignedIn(CUSTOMER_PAGE, { language: 'ar' });
    const form = page.getByTestId('notes').getByTestId('note-form');
    await form.waitFor();
    // Left blank and saved: said at the field, nothing sent.
    await form.getByTestId('note-save').click();
    expect(await textOf(page, 'note-error')).toBe('هذا الحقل مطلوب');
    expect(await form.getByTestId('note-text').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByTestId('note-text').evaluate((field) => field === document.activeElement)).toBe(true);
    // Only spaces, once the field is left: the same.
    await form.getByTestId('note-text').fill('   ');
    await form.getByTestId('note-text').blur();
    expect(await textOf(page, 'note-error')).toBe('هذا الحقل مطلوب');
    await form.getByTestId('note-text').fill('يريد التجديد لمدة سنة');
    expect(await page.getByTestId('note-error').count()).toBe(0);
    expect(plain(await page.getByTestId('notes').textContent())).toContain('لا تظهر للعميل أبدًا');
    expect(errors).toEqual([]);
  });
});

describe('a note on an order', () => {
  it('reaches a second admin’s open detail live, naming who wrote it, and never the shopper’s page', async () => {
    const order = await paidOrder();
    const karim = await suite.shop.createAdmin('Karim Haddad');
    const other = await openSignedIn(`/admin/orders?id=${order.orderId}`, { as: karim });
    const me = await openSignedIn(`/admin/orders?id=${order.orderId}`);
    for (const { page } of [me, other]) {
      await page.getByTestId('order-detail-body').getByTestId('notes').waitFor();
      await liveUpdatesOn(page);
    }

    const text = 'Called him: wants the MAG box set up\nCall back Thursday';
    await addNote(me.page, 'order-detail-body', text);
    await me.page.getByText('Note saved').waitFor();
    await expect.poll(() => notesShown(me.page, 'order-detail-body')).toEqual([text]);

    // The other admin's detail shows it without a reload, and they are told who wrote it.
    await expect.poll(() => notesShown(other.page, 'order-detail-body'), { timeout: 10_000 }).toEqual([text]);
    expect(await other.page.getByTestId('order-detail-body').getByTestId('note-author').textContent()).toBe(adminName);
    await expect
      .poll(async () => plain(await other.page.getByTestId('admin-notifications').textContent()))
      .toContain(`${adminName} added a note to order #${order.number}`);
    // Not told of their own note.
    expect(plain(await me.page.getByTestId('admin-notifications').textContent())).not.toContain('added a note');

    // The shopper's page and its API never carry it.
    const shopper = await suite.openStore(`/orders/${order.accessToken}`);
    await shopper.page.getByTestId('order-page').waitFor();
    expect(await shopper.page.content()).not.toContain('MAG box');
    const answer = await (await fetch(`${suite.url}/api/orders/${order.accessToken}`)).text();
    expect(answer).not.toContain('MAG box');

    // The detail's phone leads to the customer's page.
    await me.page.getByTestId('order-customer-link').click();
    await me.page.waitForURL((url) => url.pathname === CUSTOMER_PAGE);
    await me.page.getByTestId('customer-name').waitFor();
    expect(me.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  }, 90_000);
});

describe('accessibility (axe-core)', () => {
  it('finds nothing serious on the customer’s page in Arabic, light and dark, on a tablet and a phone', async () => {
    await paidOrder();
    await suite.shop.api('POST', `/api/admin/customers/${SHOPPER.phone}/notes`, { text: 'يفضّل واتساب بعد السادسة' });
    for (const width of [1024, 390]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openSignedIn(CUSTOMER_PAGE, { language: 'ar', width, colorScheme });
        await page.getByTestId('note').first().waitFor();
        // A refused note shows its error too.
        await page.getByTestId('note-save').click();
        await page.getByTestId('note-error').waitFor();
        expect(await seriousViolations(page), `customer page, ar, ${width} px, ${colorScheme}`).toEqual([]);
      }
    }
  }, 90_000);
});
