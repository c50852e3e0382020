import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import {
  adminBrowserSuite,
  documentState,
  liveUpdatesOn,
  plain,
  seriousViolations,
  signedInStorage,
  submitSignIn,
} from './support/admin';

// The back office's shell in a real browser against the real server (fresh database, web/dist):
// signing in and out, coming back to a deep link, a revoked token, the admin's own language and
// theme, the dashboard following the shop live, and axe-core on the sign-in page and the dashboard.

const suite = adminBrowserSuite();

const loginError = (page: Page) => page.getByTestId('login-error');

const statValue = async (page: Page, card: string) =>
  plain(await page.getByTestId(card).locator('.admin-stat-value').textContent());

describe('back-office sign-in', () => {
  it('says what is wrong, in English whatever the admin language, then signs in to the dashboard', async () => {
    const { page, errors } = await suite.open('/admin/login', { storage: { 'admin-language': 'ar' } });
    await page.getByLabel('Username').waitFor();
    expect(await documentState(page)).toMatchObject({ lang: 'en', dir: 'ltr' });

    await page.getByTestId('login-submit').click();
    await expect.poll(() => loginError(page).textContent()).toBe('Please enter both username and password');

    await submitSignIn(page, TEST_ADMIN.username, 'not the password');
    await expect.poll(() => loginError(page).textContent()).toBe('Invalid username or password');

    // No answer at all (the network failed).
    await page.route('**/api/auth/login', (route) => route.abort());
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await expect.poll(() => loginError(page).textContent()).toBe('An error occurred during login');
    await page.unroute('**/api/auth/login');

    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    // Past the sign-in page, the admin's own language (Arabic here) applies.
    expect(await documentState(page)).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(await page.getByTestId('greeting').textContent()).toContain('Administrator');
    expect(await page.getByTestId('admin-user').textContent()).toContain(`@${TEST_ADMIN.username}`);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('admin-token'),
      user: JSON.parse(localStorage.getItem('admin-user') ?? 'null') as { username: string } | null,
    }));
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.user?.username).toBe(TEST_ADMIN.username);

    // Signed in, the sign-in page checks the stored session and goes to the dashboard.
    await page.goto(`${suite.url}/admin/login`);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByTestId('dashboard').waitFor();

    // Logging out forgets the session and shows the sign-in page.
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.search === '');
    expect(
      await page.evaluate(() => [localStorage.getItem('admin-token'), localStorage.getItem('admin-user')]),
    ).toEqual([null, null]);
    expect(errors).toEqual([]);
  });

  it("shows the server's message when sign-in is throttled", async () => {
    const username = `guess-${randomBytes(4).toString('hex')}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      await fetch(`${suite.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password: 'wrong' }),
      });
    }
    const { page } = await suite.open('/admin/login');
    await submitSignIn(page, username, 'wrong again');
    await expect.poll(() => loginError(page).textContent()).toMatch(/^Too many failed sign-in attempts\. Try again in/);
  });

  it('sends a signed-out visitor of any back-office page to sign in, then back there (path and search)', async () => {
    const { page } = await suite.open('/admin?range=7&x=1');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin?range=7&x=1');
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('range'), url.searchParams.get('x')]).toEqual(['/admin', '7', '1']);
    expect(await page.locator('[data-range="7"]').getAttribute('aria-pressed')).toBe('true');

    // An /admin path that names no screen: the sign-in page first, then the not-found page inside the chrome.
    await page.getByTestId('logout').click();
    await page.goto(`${suite.url}/admin/nowhere`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('admin-not-found').waitFor();
    await page.getByTestId('admin-sidebar').waitFor();
  });

  it('signs out on the next call once the token is revoked, and comes back to the same place', async () => {
    const karim = await suite.shop.createAdmin('Karim');
    const { page, errors } = await suite.open('/admin/login?redirect=%2Fadmin%3Frange%3D90');
    await submitSignIn(page, karim.username, karim.password);
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('greeting').textContent()).toContain('Karim');

    const refresh = page.getByTestId('dashboard-refresh');
    await expect.poll(() => refresh.isEnabled()).toBe(true);
    await suite.shop.api('DELETE', `/api/admin/users/${karim.id}`);
    // The refresh's calls answer 401. On a loaded machine a call already under way, or the live
    // connection's own check 3 s after the server closed it, may sign out first and take the button
    // away; either is the next call.
    await refresh.click({ timeout: 2_000 }).catch(() => {});
    await page.waitForURL((url) => url.pathname === '/admin/login', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin?range=90');
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin-token'))).toBeNull();

    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    expect(new URL(page.url()).search).toBe('?range=90');
    expect(errors).toEqual([]);
  });

  it('restores a stored session at load and discards one it cannot read', async () => {
    const garbled = await suite.open('/admin', { storage: { 'admin-token': 'abc', 'admin-user': '{not json' } });
    await garbled.page.waitForURL((url) => url.pathname === '/admin/login');
    await garbled.page.getByLabel('Username').waitFor();
    expect(
      await garbled.page.evaluate(() => [localStorage.getItem('admin-token'), localStorage.getItem('admin-user')]),
    ).toEqual([null, null]);

    const { page } = await suite.open('/admin', { storage: await signedInStorage(suite.url, TEST_ADMIN) });
    await page.getByTestId('dashboard').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });
});

describe('back-office chrome', () => {
  it("switches the admin's language and theme, kept apart from the store's", async () => {
    // The menu's language is saved as the admin's own setting (it follows them to every device):
    // an admin of this test's own, so the others' stays unchosen (English).
    const lina = await suite.shop.createAdmin('Lina');
    const { page, errors } = await suite.signIn('/admin/login', {}, lina);
    await page.getByTestId('dashboard').waitFor();
    expect(await documentState(page)).toEqual({ lang: 'en', dir: 'ltr', theme: 'light' });

    const choose = async (name: string, lang: string) => {
      await page.getByTestId('language-menu-button').click();
      await page.getByRole('menuitemradio', { name }).click();
      await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
    };
    await choose('العربية', 'ar');
    expect(await documentState(page)).toMatchObject({ dir: 'rtl' });
    await page.getByRole('link', { name: 'لوحة التحكم' }).first().waitFor();
    await choose('Français', 'fr');
    await page
      .getByRole('navigation', { name: 'Back-office' })
      .getByRole('link', { name: 'Tableau de bord' })
      .waitFor();

    await page.getByTestId('theme-toggle').click();
    expect((await documentState(page)).theme).toBe('dark');

    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await documentState(page)).toEqual({ lang: 'fr', dir: 'ltr', theme: 'dark' });
    expect(
      await page.evaluate(() => ({
        admin: [localStorage.getItem('admin-language'), localStorage.getItem('admin-theme')],
        store: [localStorage.getItem('store-language'), localStorage.getItem('theme')],
      })),
    ).toEqual({ admin: ['fr', 'dark'], store: [null, null] });

    // The store keeps its own: Arabic by default, the system's (light) theme.
    await page.goto(suite.url);
    await page.locator('header.site-header').waitFor();
    expect(await documentState(page)).toEqual({ lang: 'ar', dir: 'rtl', theme: 'light' });
    expect(errors).toEqual([]);
  });

  it('collapses the sidebar to its icons on a tablet and expands it on demand', async () => {
    const { page } = await suite.open('/admin/login', { width: 900 });
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    const sidebar = page.getByTestId('admin-sidebar');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    // Collapsed, the links keep their names.
    await sidebar.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('sidebar-toggle').click();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
    expect(await page.getByTestId('sidebar-toggle').getAttribute('aria-expanded')).toBe('true');
  });
});

describe('dashboard', () => {
  it('follows the shop live, says when live updates are down, and catches up when they are back', async () => {
    const shop = suite.shop;
    const category = await shop.createCategory('Live');
    const product = await shop.createProduct({
      name: 'Gold',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 2500 }],
    });

    // Live updates cannot connect at first.
    const { page, context, errors } = await suite.open('/admin/login');
    await context.route('**/socket.io/**', (route) => route.abort());
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    expect(await statValue(page, 'stat-orders')).toBe('0');
    await page.getByTestId('live-status').getByText('Live updates are offline').waitFor();

    // An order paid meanwhile shows once the connection is back (3 s later at most), without a reload.
    await suite.shop.placeOrder(product.id, 2500);
    await context.unroute('**/socket.io/**');
    await expect.poll(() => statValue(page, 'stat-revenue'), { timeout: 10_000 }).toBe('2,500 Da');
    expect(await statValue(page, 'stat-orders')).toBe('1');
    expect(await page.getByTestId('live-status').textContent()).toBe('');

    // Connected: the next paid order moves the figures and the recent orders as it happens. The storefront's
    // checkout sends a placeholder name, so the order reads by its phone.
    const latest = await suite.shop.placeOrder(product.id, 2500, {
      phone: '0661223344',
      fullName: 'Nova IPTV Customer',
      email: 'customer@nova-iptv.dz',
    });
    await expect.poll(() => statValue(page, 'stat-orders'), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => statValue(page, 'stat-revenue')).toBe('5,000 Da');
    expect(await page.getByTestId('recent-order').count()).toBe(2);
    const newest = page.getByTestId('recent-order').first();
    expect(plain(await newest.textContent())).toMatch(/^#\d+0661223344/);
    expect(await page.getByTestId('revenue-chart').locator('.admin-chart-bar').count()).toBe(1);

    // Each recent order opens in the orders list; View all opens the list.
    await newest.getByTestId('recent-order-link').click();
    await page.waitForURL(new RegExp(`/admin/orders\\?id=${latest.orderId}$`));
    await page.getByTestId('order-detail-body').waitFor();
    expect(await page.getByTestId('order-detail-body').textContent()).not.toContain('customer@nova-iptv.dz');
    await page.goBack();
    await page.getByTestId('recent-orders-all').click();
    await page.waitForURL(/\/admin\/orders$/);
    const row = page.locator(`tr[data-row-id="${latest.orderId}"]`);
    await row.waitFor();
    expect(await row.textContent()).not.toContain('Nova IPTV Customer');
    expect(await row.textContent()).not.toContain('customer@nova-iptv.dz');
    expect(errors).toEqual([]);
  });
});

describe('several admins at once', () => {
  it("notifies another admin's changes at the bottom left, naming them, and not the admin's own", async () => {
    const karim = await suite.shop.createAdmin('Karim');
    await suite.shop.followProductUpdates();
    const { page, errors } = await suite.open('/admin/login');
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('dashboard').waitFor();
    await liveUpdatesOn(page);
    const notifications = async () => plain(await page.getByTestId('admin-notifications').textContent());

    // This admin's own change (through the API with their account) says nothing.
    await suite.shop.api('POST', '/api/admin/categories', { name: 'Mine', description: '' });
    // Karim's does, with his name.
    await suite.shop.api('POST', '/api/admin/categories', { name: 'Sports', description: '' }, karim);
    await expect.poll(notifications, { timeout: 10_000 }).toContain('Karim added the category “Sports”');
    expect(await notifications()).not.toContain('Mine');

    // Orders: Karim dispatches one; the dashboard follows and says so.
    const shop = suite.shop;
    const category = await shop.createCategory('Dispatch');
    const product = await shop.createProduct({
      name: 'Silver',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 1200 }],
    });
    await suite.shop.placeOrder(product.id, 1200);
    const { orders } = await suite.shop.api<{ orders: { id: string; number: number; status: string }[] }>(
      'GET',
      '/api/admin/orders?limit=5',
    );
    const paid = orders.find((order) => order.status === 'completed')!;
    await suite.shop.api('PUT', `/api/admin/orders/${paid.id}/status`, { status: 'dispatched' }, karim);
    await expect.poll(notifications, { timeout: 10_000 }).toContain(`Karim marked order #${paid.number} as dispatched`);
    await expect.poll(() => statValue(page, 'stat-dispatched')).not.toBe('0');
    expect(errors).toEqual([]);
  });
});

describe('accessibility (axe-core)', () => {
  it.each(['en', 'ar'])('finds nothing serious on the sign-in page and the dashboard in %s', async (language) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await suite.open('/admin/login', { storage: { 'admin-language': language }, colorScheme });
      await page.getByLabel('Username').waitFor();
      expect(await seriousViolations(page), `sign-in, ${language}, ${colorScheme}`).toEqual([]);
      await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
      await page.getByTestId('dashboard').waitFor();
      expect((await documentState(page)).lang).toBe(language);
      expect(await seriousViolations(page), `dashboard, ${language}, ${colorScheme}`).toEqual([]);
    }
  });
});
