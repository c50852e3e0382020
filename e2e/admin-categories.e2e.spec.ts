import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Credentials } from './support/shop';
import {
  adminBrowserSuite,
  documentState,
  plain,
  seriousViolations,
  settled,
  type AdminOpenOptions,
} from './support/admin';

// /admin/categories in a real browser against the real server (fresh database, web/dist): the
// form (image, 2 MB check, name required), editing, deleting a category with and without
// products, two admins editing the same category, the list's URL state and pager, its error
// state, and axe-core in English and Arabic. SCREENSHOTS_DIR=docs/screenshots also saves the
// README's pictures.

const suite = adminBrowserSuite();

const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

/** Signs in (as `who`, the test administrator by default) and lands on the categories at `search`. */
async function openCategories(search = '', options: AdminOpenOptions = {}, who?: Credentials) {
  const opened = await suite.signIn(`/admin/categories${search}`, options, who);
  await opened.page.getByTestId('categories-table').waitFor();
  return opened;
}

const row = (page: Page, name: string) =>
  page.getByTestId('categories-table').locator('tbody tr').filter({ hasText: name });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const toasts = async (page: Page) => plain(await page.locator('.toast-area').textContent());
const png = (width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: '#5a3bea' } })
    .png()
    .toBuffer();

/** Types into the search box and waits for the URL (the list's state) to carry it. */
async function search(page: Page, text: string) {
  await page.getByTestId('category-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

interface ShownCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
  featuredImage: string | null;
  version: number;
}
const publicCategory = async (slug: string) =>
  (await (await fetch(`${suite.url}/categories/show/${encodeURIComponent(slug)}`)).json()) as ShownCategory;

const screenshots = process.env.SCREENSHOTS_DIR;
// First, while the catalogue holds only its categories.
describe.runIf(screenshots)('screenshots', () => {
  it('of the list in en/ar, light/dark, and on a tablet', async () => {
    mkdirSync(screenshots!, { recursive: true });
    const names = ['Sports', 'Cinéma & Séries', 'Enfants', 'Actualités', 'Documentaires', 'Musique', 'Ramadan'];
    const descriptions = [
      'Football, handball and every league live',
      'Films et séries en VF et VOSTFR',
      'Dessins animés et chaînes jeunesse',
      'Info en continu, 24 h sur 24',
      '',
      'Clips et concerts',
      'Feuilletons et émissions du mois sacré',
    ];
    const colours = ['#1d9a6c', '#5a3bea', '#f59f00', '#e03131', '#1971c2', '#c2255c', '#2b8a3e'];
    for (const [index, name] of names.entries()) {
      const created = await suite.shop.createCategory(name, descriptions[index]);
      if (index % 3 === 1) continue;
      const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: colours[index]! } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
      await fetch(`${suite.url}/api/admin/categories/${created.id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${await suite.shop.token()}` },
        body: form,
      });
    }
    for (let index = 0; index < 3; index++)
      await suite.shop.createProduct({
        name: `Pack ${index}`,
        category_id: (await publicCategory('sports')).id,
        price_durations: [{ duration: '1 month', price: 1500 }],
      });
    // Five pictures: the list in each language and theme (dark with a modal open) and on a tablet.
    const shots: [string, 'light' | 'dark', number, 'delete' | 'form' | null][] = [
      ['en', 'light', 1280, null],
      ['en', 'dark', 1280, 'delete'],
      ['ar', 'light', 1280, null],
      ['ar', 'dark', 1280, 'form'],
      ['en', 'light', 820, null],
    ];
    for (const [language, colorScheme, width, modal] of shots) {
      const { page } = await openCategories('?limit=5', {
        storage: { 'admin-language': language },
        colorScheme,
        width,
      });
      if (modal === 'delete') await row(page, 'Enfants').getByTestId('category-delete-open').click();
      if (modal === 'form') await row(page, 'Sports').getByTestId('category-edit').click();
      await page.waitForLoadState('networkidle');
      await settled(page);
      const file = `admin-categories-${language}-${colorScheme}${width < 1000 ? '-tablet' : ''}.png`;
      await page.screenshot({ path: path.join(screenshots!, file) });
    }
  }, 90_000);
});

describe('adding a category', () => {
  it('goes through the form with an image, shows in the list and on the storefront', async () => {
    const { page, errors } = await suite.signIn('/admin');
    await page.getByTestId('dashboard').waitFor();
    // From the sidebar.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Categories' }).click();
    await page.getByTestId('categories-table').waitFor();
    await expect.poll(async () => plain(await page.title())).toBe('Categories · Back office');

    await page.getByTestId('category-add').click();
    const form = page.getByTestId('category-form');
    expect(plain(await form.getByRole('heading', { level: 2 }).textContent())).toBe('Add Category');
    // The name first, and it is required: the message next to it, nothing sent.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('category-name');
    await page.getByTestId('category-save').click();
    expect(plain(await page.getByTestId('category-name-error').textContent())).toBe(
      "Category name is required in French, the shop's default language",
    );
    expect(await page.getByTestId('category-name').getAttribute('aria-invalid')).toBe('true');

    const name = unique('Cinéma');
    await page.getByTestId('category-name').fill(name);
    expect(await page.getByTestId('category-name-error').count()).toBe(0);
    await page.getByTestId('category-description').fill('Films et séries');
    await page
      .getByTestId('category-image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png() });
    const preview = page.getByTestId('category-image-preview').locator('img');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
    expect(await page.getByTestId('category-image-name').textContent()).toBe('cover.png');

    await page.getByTestId('category-save').click();
    await expect.poll(() => toasts(page)).toContain(`Category "${name}" has been created successfully`);
    await form.waitFor({ state: 'detached' });

    // In the list: its image (loaded), slug, description and no products.
    const created = row(page, name);
    await created.waitFor();
    const slug = plain(await created.locator('code').textContent());
    expect(slug).toMatch(/^cinema-[0-9a-f]{6}$/);
    expect(plain(await created.textContent())).toContain('Films et séries');
    expect(plain(await created.locator('td').nth(4).textContent())).toBe('0');
    const thumb = created.locator('.admin-category-thumb img');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // On the storefront, with its picture.
    expect((await publicCategory(slug)).featuredImage).toMatch(/^\/media\//);
    const store = await suite.openStore('/store');
    await store.page.getByTestId('category-list').getByText(name).waitFor();
    expect(errors).toEqual([]);
  });

  it('refuses an image over 2 MB before uploading it, and one that is not JPG, PNG or WebP', async () => {
    const { page } = await openCategories();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/categories')) posts.push(request.url());
    });
    await page.getByTestId('category-add').click();
    const input = page.getByTestId('category-image');
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    expect(await page.getByTestId('category-image-error').textContent()).toBe(
      'Image size exceeds 2MB limit. Please choose a smaller file.',
    );
    // Not kept: the field is empty again and the preview has nothing to show.
    expect(await input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
    expect(await page.getByTestId('category-image-preview').locator('img').count()).toBe(0);

    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    expect(await page.getByTestId('category-image-error').textContent()).toBe(
      'The image must be a JPG, PNG or WebP file',
    );
    // A good one clears the message.
    await input.setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: await png() });
    expect(await page.getByTestId('category-image-error').count()).toBe(0);
    // Escape closes the modal; nothing was sent.
    await page.keyboard.press('Escape');
    await page.getByTestId('category-form').waitFor({ state: 'detached' });
    expect(posts).toEqual([]);
  });
});

describe('editing a category', () => {
  it('is found by the search (kept in the URL), saved with its version, and shown at once', async () => {
    const category = await suite.shop.createCategory(unique('Sport'), 'Football');
    const { page, errors } = await openCategories();
    await search(page, category.name);
    await expect.poll(() => page.getByTestId('categories-table').locator('tbody tr').count()).toBe(1);

    let ifMatch: string | undefined;
    page.on('request', (request) => {
      if (request.method() === 'PUT') ifMatch = request.headers()['if-match'];
    });
    await row(page, category.name).getByTestId('category-edit').click();
    const form = page.getByTestId('category-form');
    // The modal's own title (its History section has a heading too).
    expect(plain(await form.getByRole('heading', { level: 2 }).textContent())).toBe('Edit Category');
    expect(await page.getByTestId('category-name').inputValue()).toBe(category.name);
    expect(await page.getByTestId('category-description').inputValue()).toBe('Football');

    const renamed = `${category.name} Plus`;
    await page.getByTestId('category-name').fill(renamed);
    await page.getByTestId('category-description').fill('Football et handball');
    await page.getByTestId('category-save').click();
    await expect.poll(() => toasts(page)).toContain(`Category "${renamed}" has been updated successfully`);
    await form.waitFor({ state: 'detached' });
    expect(ifMatch).toBe('"0"');
    await expect.poll(async () => plain(await row(page, renamed).textContent())).toContain('Football et handball');
    // Focus is back on the Edit button that opened the form.
    expect(await isFocused(row(page, renamed).getByTestId('category-edit'))).toBe(true);

    // A reload shows the same list (the search is the URL's).
    await page.reload();
    await row(page, renamed).waitFor();
    expect(await page.getByTestId('category-search').inputValue()).toBe(category.name);
    expect((await publicCategory(category.id)).name).toBe(renamed);
    expect(errors).toEqual([]);
  });
});

describe('deleting a category', () => {
  it('is refused while it holds products, with how many; one without goes', async () => {
    const tag = randomBytes(3).toString('hex');
    const full = await suite.shop.createCategory(`Full ${tag}`);
    for (const [index, active] of [true, false].entries())
      await suite.shop.createProduct({
        name: `Pack ${tag} ${index}`,
        category_id: full.id,
        price_durations: [{ duration: '1 month', price: 1000 }],
        ...(active ? {} : { active: false }),
      } as Parameters<typeof suite.shop.createProduct>[0]);
    const empty = await suite.shop.createCategory(`Empty ${tag}`);

    const { page, errors } = await openCategories(`?search=${tag}`);
    // Every product counts, the inactive one too.
    expect(plain(await row(page, full.name).locator('td').nth(4).textContent())).toBe('2');

    // A category holding products cannot be deleted: its Delete is disabled, saying why.
    const refused = row(page, full.name).getByTestId('category-delete-open');
    expect(await refused.isDisabled()).toBe(true);
    expect(await refused.getAttribute('title')).toBe(
      'This category still holds 2 products. Move or delete them before deleting the category.',
    );

    // One given a product while its confirmation is open: the server refuses, the modal says so.
    const filled = await suite.shop.createCategory(`Filled ${tag}`);
    await search(page, tag);
    await row(page, filled.name).getByTestId('category-delete-open').click();
    const modal = page.getByTestId('category-delete');
    expect(plain(await modal.textContent())).toContain('may affect associated products');
    await suite.shop.createProduct({
      name: `Late ${tag}`,
      category_id: filled.id,
      price_durations: [{ duration: '1 month', price: 1000 }],
    });
    await page.getByTestId('category-delete-confirm').click();
    await expect
      .poll(async () => plain(await page.getByTestId('category-delete-refused').textContent()))
      .toBe('This category still holds 1 product. Move or delete it before deleting the category.');
    // Still open, still there; once closed, its Delete is disabled too.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, filled.name).getByTestId('category-delete-open').isDisabled()).toBe(true);
    expect((await publicCategory(filled.id)).id).toBe(filled.id);

    await row(page, empty.name).getByTestId('category-delete-open').click();
    expect(await page.getByTestId('category-delete-count').textContent()).toBe('It holds no products.');
    expect(await page.getByTestId('category-delete-warning').count()).toBe(0);
    await page.getByTestId('category-delete-confirm').click();
    await expect.poll(() => toasts(page)).toContain(`Category "${empty.name}" has been deleted successfully`);
    await modal.waitFor({ state: 'detached' });
    await row(page, empty.name).waitFor({ state: 'detached' });
    // Its Delete button went with its row: focus is on the page's heading, not lost to the document.
    await expect.poll(() => isFocused(page.locator('main h1'))).toBe(true);
    expect(await row(page, full.name).count()).toBe(1);
    expect(await (await fetch(`${suite.url}/categories/show/${empty.id}`)).json()).toEqual({
      status: 404,
      code: 'catalogue.category_not_found',
      message: 'Category not found',
    });

    // Nothing left to find: the empty state.
    await search(page, `nothing ${tag}`);
    expect(plain(await page.getByTestId('categories-empty').textContent())).toContain('No categories found');
    expect(errors).toEqual([]);
  });
});

describe('several admins at once', () => {
  it("gives the second save of the same category the conflict naming the first, and keeps the first's change", async () => {
    const karim = await suite.shop.createAdmin('Karim');
    const category = await suite.shop.createCategory(unique('Shared'), 'Before');

    const first = await openCategories(`?search=${encodeURIComponent(category.name)}`);
    const second = await openCategories(`?search=${encodeURIComponent(category.name)}`, {}, karim);
    // Both open the same version.
    for (const { page } of [first, second]) await row(page, category.name).getByTestId('category-edit').click();

    await first.page.getByTestId('category-description').fill('Changed by the administrator');
    await first.page.getByTestId('category-save').click();
    await first.page.getByTestId('category-form').waitFor({ state: 'detached' });

    // Karim's list follows live behind his open form, which keeps what he typed from.
    await expect
      .poll(async () => plain(await row(second.page, category.name).textContent()), { timeout: 10_000 })
      .toContain('Changed by the administrator');
    expect(await second.page.getByTestId('category-description').inputValue()).toBe('Before');
    await second.page.getByTestId('category-name').fill(`${category.name} by Karim`);
    await second.page.getByTestId('category-save').click();
    const conflict = second.page.getByTestId('conflict-dialog');
    await conflict.waitFor();
    expect(plain(await conflict.textContent())).toContain('Administrator changed this item on');
    expect(plain(await conflict.textContent())).toContain('Your change was not saved.');
    await second.page.getByTestId('category-form').waitFor({ state: 'detached' });

    // Nothing of Karim's was saved.
    const now = await publicCategory(category.id);
    expect([now.name, now.description, now.version]).toEqual([category.name, 'Changed by the administrator', 1]);
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(plain(await row(second.page, category.name).textContent())).toContain('Changed by the administrator');
    expect([...first.errors, ...second.errors]).toEqual([]);
  }, 90_000);
});

describe('the list', () => {
  it('pages 10 at a time by default, 5/20/50 on demand, keeps it in the URL, and hides the pager on one page', async () => {
    const tag = `Bouquet ${randomBytes(3).toString('hex')}`;
    for (let index = 1; index <= 12; index++) await suite.shop.createCategory(`${tag} n${index}`);
    const { page } = await openCategories(`?search=${encodeURIComponent(tag)}`);
    const rows = page.getByTestId('categories-table').locator('tbody tr');
    const pager = page.getByTestId('categories-pager');
    expect(await rows.count()).toBe(10);
    expect(plain(await pager.locator('.admin-pager-summary').textContent())).toBe('Showing 1 to 10 of 12 categories');
    expect(
      await pager.locator('select').evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.value)),
    ).toEqual(['5', '10', '20', '50']);

    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => rows.count()).toBe(2);

    await pager.locator('select').selectOption('5');
    await page.waitForURL((url) => url.searchParams.get('limit') === '5' && !url.searchParams.has('page'));
    await expect.poll(() => rows.count()).toBe(5);
    expect(await pager.getByRole('button', { name: /^Page \d$/ }).count()).toBe(3);
    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect
      .poll(async () => plain(await pager.locator('.admin-pager-summary').textContent()))
      .toBe('Showing 11 to 12 of 12 categories');

    // Back to the default size, narrowed to one page: no pager.
    await pager.locator('select').selectOption('10');
    await search(page, `${tag} n1`);
    await expect.poll(() => rows.count()).toBe(4);
    expect(await pager.count()).toBe(0);
  }, 90_000);

  it('says when it cannot load, and loads again with Try Again; images that fail show a placeholder', async () => {
    await suite.shop.createCategory(unique('Retry'));
    const { page, context } = await suite.signIn('/admin/login');
    await page.getByTestId('dashboard').waitFor();
    const list = (url: URL) => url.pathname === '/api/admin/categories';
    await context.route(list, (route) => route.abort());
    await page.goto(`${suite.url}/admin/categories`);
    const error = page.getByTestId('categories-error');
    await error.waitFor({ timeout: 10_000 });
    expect(plain(await error.textContent())).toContain('Failed to load categories. Please try again.');

    await context.unroute(list);
    await context.route('**/media/**', (route) => route.abort());
    await error.getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('categories-table').waitFor();
    const withImage = await suite.shop.createCategory(unique('Broken image'));
    // The category above has no image: one with an image that fails to load is made through the form.
    await search(page, withImage.name);
    await row(page, withImage.name).getByTestId('category-edit').click();
    await page
      .getByTestId('category-image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png() });
    await page.getByTestId('category-save').click();
    await page.getByTestId('category-form').waitFor({ state: 'detached' });
    await row(page, withImage.name).locator('.admin-category-thumb .img-placeholder').waitFor();
  }, 90_000);
});

describe('accessibility (axe-core)', () => {
  it.each(['en', 'ar'])(
    'finds nothing serious on the list, the form and the delete modal in %s',
    async (language) => {
      const category = await suite.shop.createCategory(unique('Axe'), 'Description');
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openCategories('', { storage: { 'admin-language': language }, colorScheme });
        expect((await documentState(page)).lang).toBe(language);
        expect(await seriousViolations(page), `list, ${language}, ${colorScheme}`).toEqual([]);

        await page.getByTestId('category-add').click();
        await page.getByTestId('category-save').click();
        await page.getByTestId('category-name-error').waitFor();
        expect(await seriousViolations(page), `form, ${language}, ${colorScheme}`).toEqual([]);
        await page.keyboard.press('Escape');

        await search(page, category.name);
        await row(page, category.name).getByTestId('category-delete-open').click();
        await page.getByTestId('category-delete').waitFor();
        expect(await seriousViolations(page), `delete, ${language}, ${colorScheme}`).toEqual([]);
      }
    },
    90_000,
  );
});
