import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import {
  adminBrowserSuite,
  documentState,
  plain,
  seriousViolations,
  settled,
  submitSignIn,
  type AdminOpenOptions,
} from './support/admin';
import type { Credentials } from './support/shop';

// The Admin users screen (/admin/users) in a real browser against the real server: adding, editing
// with an empty password, one's own password left to Settings, the own delete refused, the server's message for a taken username,
// another admin deleted while signed in elsewhere, a second admin's list following live, two
// admins editing the same user, and axe-core in English and Arabic.

const suite = adminBrowserSuite();

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

interface AdminRecord {
  id: string;
  username: string;
  name: string;
  version: number;
}

const userOf = async (id: string) =>
  (await suite.shop.api<{ user: AdminRecord }>('GET', `/api/admin/users/${id}`)).user;

/** A fresh profile signed in as `as` on the Users screen (through the sign-in page), once the table shows. */
async function openUsers(as: Credentials = TEST_ADMIN, options: AdminOpenOptions = {}) {
  const opened = await suite.signIn('/admin/users', options, as);
  await opened.page.getByTestId('users-table').waitFor();
  return opened;
}

/** The table's row of a username. */
const row = (page: Page, username: string) =>
  page
    .getByTestId('users-table')
    .locator('tbody tr')
    .filter({ has: page.getByTestId('user-username-cell').getByText(username, { exact: true }) });

/** Waits for what a server round trip brings (argon2 hashing alone can take a second on a busy machine). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

const toasts = (page: Page) => page.locator('.toast-message').allTextContents();
const formError = (page: Page) => page.getByTestId('user-form-error').textContent();

/** Fills the open user form (only the fields given). */
async function fillUserForm(page: Page, fields: Partial<{ username: string; password: string; name: string }>) {
  const form = page.getByTestId('user-form');
  if (fields.username !== undefined) await form.getByTestId('user-username').fill(fields.username);
  if (fields.name !== undefined) await form.getByTestId('user-name').fill(fields.name);
  if (fields.password !== undefined) await form.getByTestId('user-password').fill(fields.password);
}

describe('admin users', () => {
  it('adds a user, edits them with an empty password (the old one still signs in) and refuses a taken username', async () => {
    const { page, errors } = await openUsers();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Manage admin users');
    expect(await row(page, TEST_ADMIN.username).count()).toBe(1);
    // The sidebar leads here.
    expect(
      await page
        .getByTestId('admin-sidebar')
        .getByRole('link', { name: 'Users', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');

    // Add: every required field blank, then all filled.
    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-form');
    await form.getByRole('heading', { name: 'Add New User' }).waitFor();
    expect(await form.getByTestId('user-role').locator('option').allTextContents()).toEqual(['Admin']);
    expect(await form.getByTestId('user-role').inputValue()).toBe('admin');
    await page.getByTestId('user-form-save').click();
    await eventually(() => formError(page)).toBe('Please fill in all required fields');
    expect(await form.getByTestId('user-username').getAttribute('aria-invalid')).toBe('true');

    const username = unique('nadia');
    await fillUserForm(page, { username, name: 'Nadia', password: 'short' });
    await page.getByTestId('user-form-save').click();
    await eventually(() => form.getByTestId('user-field-error').textContent()).toBe(
      'Password must be at least 8 characters',
    );
    await fillUserForm(page, { password: 'first password' });
    await page.getByTestId('user-form-save').click();
    await form.waitFor({ state: 'detached' });
    await eventually(() => toasts(page)).toContain('User added successfully');
    await row(page, username).waitFor();
    expect(await row(page, username).textContent()).toContain('Nadia');
    expect(await row(page, username).locator('.badge').textContent()).toBe('Admin');
    expect((await suite.shop.login({ username, password: 'first password' })).status).toBe(200);

    // Edit with the password left empty: the name changes, the password stays.
    await row(page, username).getByTestId('user-edit').click();
    await form.getByRole('heading', { name: 'Edit User' }).waitFor();
    expect(await form.getByTestId('user-username').inputValue()).toBe(username);
    expect(await form.getByTestId('user-password').inputValue()).toBe('');
    await form.getByText('Leave empty to keep the current password.', { exact: false }).waitFor();
    await fillUserForm(page, { name: '' });
    await page.getByTestId('user-form-save').click();
    await eventually(() => formError(page)).toBe('Please fill in all required fields');
    await fillUserForm(page, { name: 'Nadia Saidi' });
    await page.getByTestId('user-form-save').click();
    await form.waitFor({ state: 'detached' });
    await eventually(() => toasts(page)).toContain('User updated successfully');
    await eventually(() => row(page, username).getByTestId('user-name-cell').textContent()).toBe('Nadia Saidi');
    expect((await suite.shop.login({ username, password: 'first password' })).status).toBe(200);

    // A taken username (another case): the server's message, in the form, which stays open.
    await page.getByTestId('user-add').click();
    await fillUserForm(page, { username: username.toUpperCase(), name: 'Copy', password: 'a long password' });
    await page.getByTestId('user-form-save').click();
    await eventually(() => formError(page)).toBe('Username already exists');
    await eventually(() => toasts(page)).toContain('Username already exists');
    expect(await form.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await page.getByTestId('users-table').locator('tbody tr').count()).toBe(
      (await suite.shop.api<{ users: unknown[] }>('GET', '/api/admin/users')).users.length,
    );
    expect(errors).toEqual([]);
  });

  it("keeps the admin's own delete disabled, saying why to the mouse, the keyboard and screen readers", async () => {
    const { page } = await openUsers();
    const own = row(page, TEST_ADMIN.username);
    await own.getByText('You', { exact: true }).waitFor();
    const button = own.getByTestId('user-delete');
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    const tip = own.getByTestId('user-own-delete-tip');
    expect(await tip.textContent()).toBe('You cannot delete your own account');
    expect(await button.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
    expect(await tip.isVisible()).toBe(false);

    // Reached by Tab from the edit button beside it: the reason shows.
    await own.getByTestId('user-edit').focus();
    await page.keyboard.press('Tab');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await eventually(() => tip.isVisible()).toBe(true);
    // Pressed, nothing opens.
    await page.keyboard.press('Enter');
    // (aria-disabled: Playwright would wait for it to be enabled, a real click does not.)
    await button.click({ force: true });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('user-delete-modal').count()).toBe(0);
  });

  it('searches over username, name and role, and says when nothing matches', async () => {
    const karim = await suite.shop.createAdmin('Karim Benali');
    const { page } = await openUsers();
    const search = page.getByTestId('users-search');
    await search.fill('BENALI');
    await eventually(() => page.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
    await row(page, karim.username).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('BENALI');

    await search.fill(karim.username);
    await eventually(() => page.getByTestId('users-table').locator('tbody tr').count()).toBe(1);

    await search.fill('admin');
    await eventually(() => page.getByTestId('users-table').locator('tbody tr').count()).toBe(
      (await suite.shop.api<{ users: unknown[] }>('GET', '/api/admin/users')).users.length,
    );

    await search.fill('nobody-by-that-name');
    await page.getByTestId('users-empty').getByText('No users found').waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await row(page, karim.username).waitFor();
    expect(await search.inputValue()).toBe('');
  });

  it('deletes another admin, which signs their open session out; a second admin sees the list change live', async () => {
    const karim = await suite.shop.createAdmin('Karim');
    const sara = await suite.shop.createAdmin('Sara');
    const first = await openUsers();
    const second = await openUsers(sara);
    const karimsSession = await suite.signIn('/admin/login', {}, karim);
    await karimsSession.page.getByTestId('dashboard').waitFor();

    // Sara's list follows a user added by the first admin, without a reload.
    const added = unique('live');
    await first.page.getByTestId('user-add').click();
    await fillUserForm(first.page, { username: added, name: 'Live Person', password: 'a long password' });
    await first.page.getByTestId('user-form-save').click();
    await row(second.page, added).waitFor({ timeout: 10_000 });

    // Deleting Karim: confirmed, he leaves both lists and his open session ends.
    await row(first.page, karim.username).getByTestId('user-delete').click();
    const modal = first.page.getByTestId('user-delete-modal');
    await modal.getByRole('heading', { name: 'Delete User' }).waitFor();
    expect(await modal.textContent()).toContain(karim.username);
    await first.page.getByTestId('user-delete-modal-confirm').click();
    await modal.waitFor({ state: 'detached' });
    await eventually(() => toasts(first.page)).toContain('User deleted successfully');
    expect(await row(first.page, karim.username).count()).toBe(0);
    await row(second.page, karim.username).waitFor({ state: 'detached', timeout: 10_000 });

    // Karim did nothing: his closed live connection makes the app check his session, which is refused.
    await karimsSession.page.waitForURL((url) => url.pathname === '/admin/login', { timeout: 15_000 });
    await karimsSession.page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect((await suite.shop.login(karim)).status).toBe(401);
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('two admins edit the same user: the second save gets the conflict dialog, naming the first, and changes nothing', async () => {
    const target = await suite.shop.createAdmin('Target');
    const sara = await suite.shop.createAdmin('Sara Haddad');
    const first = await openUsers();
    const second = await openUsers(sara);
    for (const { page } of [first, second]) {
      await row(page, target.username).getByTestId('user-edit').click();
      await page.getByTestId('user-form').waitFor();
    }

    await fillUserForm(first.page, { name: 'Name by the first' });
    await first.page.getByTestId('user-form-save').click();
    await first.page.getByTestId('user-form').waitFor({ state: 'detached' });
    const saved = await userOf(target.id);
    expect(saved.name).toBe('Name by the first');

    await fillUserForm(second.page, { name: 'Name by Sara', password: 'sara wants this one' });
    await second.page.getByTestId('user-form-save').click();
    const conflict = second.page.getByTestId('conflict-dialog');
    await conflict.waitFor();
    expect(plain(await conflict.textContent())).toContain('Administrator changed this item on');
    await second.page.getByTestId('user-form').waitFor({ state: 'detached' });
    expect(await userOf(target.id)).toEqual(saved);
    expect((await suite.shop.login({ username: target.username, password: 'sara wants this one' })).status).toBe(401);
    expect((await suite.shop.login(target)).status).toBe(200);

    // Reload: the list shows the first admin's change.
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await eventually(() => row(second.page, target.username).getByTestId('user-name-cell').textContent()).toBe(
      'Name by the first',
    );
  });

  it('an admin editing themselves gets no password field but the way to Settings → Password; their name saves', async () => {
    const self = await suite.shop.createAdmin('Yacine');
    const { page, errors } = await openUsers(self);
    await row(page, self.username).getByTestId('user-edit').click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('user-own-password').waitFor();
    expect(await form.getByTestId('user-password').count()).toBe(0);
    expect(await form.getByTestId('user-own-password').textContent()).toBe(
      'Your own password is changed under Settings, which asks for the current one. Change my password',
    );
    await fillUserForm(page, { name: 'Yacine Amrani' });
    await page.getByTestId('user-form-save').click();
    await eventually(() => toasts(page)).toContain('User updated successfully');
    await eventually(() => page.getByTestId('admin-user').textContent()).toContain('Yacine Amrani');
    expect((await suite.shop.login(self)).status).toBe(200);

    // The link opens the change that asks for the current password.
    await row(page, self.username).getByTestId('user-edit').click();
    await page.getByTestId('user-own-password').getByRole('link', { name: 'Change my password' }).click();
    await page.getByTestId('settings-password').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('password');
    expect(await page.getByTestId('user-form').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows 'Error fetching users' with Try Again when the list cannot load", async () => {
    let failing = true;
    const { page } = await suite.open('/admin/login?redirect=%2Fadmin%2Fusers');
    await page.route('**/api/admin/users', (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fallback(),
    );
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    const error = page.getByTestId('users-error');
    await error.getByText('Error fetching users').waitFor();
    failing = false;
    await error.getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('users-table').waitFor();
  });
});

describe('accessibility (axe-core)', () => {
  it.each(['en', 'ar'])('finds nothing serious on the list and its modals in %s', async (language) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const other = await suite.shop.createAdmin('Amel');
      const { page } = await openUsers(TEST_ADMIN, { storage: { 'admin-language': language }, colorScheme });
      expect((await documentState(page)).lang).toBe(language);
      await row(page, other.username).waitFor();
      expect(await seriousViolations(page), `list, ${language}, ${colorScheme}`).toEqual([]);

      await page.getByTestId('user-add').click();
      await page.getByTestId('user-form-save').click();
      await page.getByTestId('user-form-error').locator('span').waitFor();
      expect(await seriousViolations(page), `add, ${language}, ${colorScheme}`).toEqual([]);
      await page.keyboard.press('Escape');

      await row(page, other.username).getByTestId('user-delete').click();
      await page.getByTestId('user-delete-modal').waitFor();
      expect(await seriousViolations(page), `delete, ${language}, ${colorScheme}`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});

// The README's pictures of the screen: SCREENSHOTS=1 npx vitest run e2e/admin-users.e2e.spec.ts -t screenshots
describe.runIf(process.env.SCREENSHOTS)('screenshots', () => {
  it('takes the screenshots in docs/screenshots', async () => {
    for (const [name, username] of [
      ['Karim Benali', 'karim'],
      ['Sara Haddad', 'sara.h'],
      ['أمينة بن علي', 'amina'],
      ['Yacine Amrani', 'yacine'],
    ])
      await suite.shop.api('POST', '/api/admin/users', { username, name, password: 'a long password', role: 'admin' });
    const shots = [
      { language: 'en', colorScheme: 'light', width: 1280, file: 'admin-users-en-light.png' },
      { language: 'en', colorScheme: 'dark', width: 1280, file: 'admin-users-en-dark.png' },
      { language: 'ar', colorScheme: 'light', width: 1280, file: 'admin-users-ar-light.png' },
      { language: 'ar', colorScheme: 'dark', width: 1280, file: 'admin-users-ar-dark.png' },
      { language: 'fr', colorScheme: 'light', width: 820, file: 'admin-users-fr-light-tablet.png' },
      { language: 'en', colorScheme: 'light', width: 1280, file: 'admin-users-en-light-edit.png', edit: true },
    ] as const;
    for (const shot of shots) {
      const { page } = await openUsers(TEST_ADMIN, {
        storage: { 'admin-language': shot.language },
        colorScheme: shot.colorScheme,
        width: shot.width,
      });
      await row(page, 'yacine').waitFor();
      if ('edit' in shot) {
        await row(page, 'sara.h').getByTestId('user-edit').click();
        await fillUserForm(page, { name: '' });
        await page.getByTestId('user-form-save').click();
        await page.getByTestId('user-form-error').locator('span').waitFor();
      } else if (shot.width > 1000) {
        await row(page, TEST_ADMIN.username).getByTestId('user-delete').hover();
      }
      await settled(page);
      await page.screenshot({ path: `docs/screenshots/${shot.file}`, fullPage: !('edit' in shot) });
      await page.context().close();
    }
  }, 120_000);
});
