import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImageRendition } from '../src/shared/catalogue';
import { launchBrowser } from './support/browser';
import { adminClient, startStoreApp } from './support/store';

// Pictures sized for the screen (docs/architecture.md#images): which rendition the browser really
// downloads for a store card, the product page's picture and a cart line, on a 390 px phone and on a
// 1280 px screen at twice the density. The server renders every upload at 1280, 800, 480 and 240 px.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Width → URL of the category's and the product's renditions, as the API lists them. */
let categoryImage: Map<number, string>;
let productImage: Map<number, string>;
let productId: string;

const FULL = 1280;
const CARD = 480;
const WIDE = 800;
const THUMB = 240;

const picture = (background: string) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
    .png()
    .toBuffer();

const form = (fields: Record<string, string>, image: Buffer) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'picture.png');
  return body;
};

const byWidth = (renditions: ImageRendition[] | undefined) =>
  new Map((renditions ?? []).map((rendition) => [rendition.width, rendition.src]));

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  const admin = await adminClient(app.url);
  const headers = { Authorization: `Bearer ${await admin.token()}` };
  const category = await admin.createCategory('Sports');
  const coverSaved = await fetch(`${app.url}/api/admin/categories/${category.id}`, {
    method: 'PUT',
    headers,
    body: form({}, await picture('#2d6cdf')),
  });
  expect(coverSaved.status).toBe(200);
  const created = await fetch(`${app.url}/api/admin/products`, {
    method: 'POST',
    headers,
    body: form(
      {
        name: 'Stade Max',
        category_id: category.id,
        price_durations: JSON.stringify([{ duration: '1 month', price: 2000 }]),
      },
      await picture('#d9480f'),
    ),
  });
  expect(created.status).toBe(201);
  productId = ((await created.json()) as { product: { id: string } }).product.id;
  const read = async <T>(path: string) => (await (await fetch(`${app.url}${path}`)).json()) as T;
  categoryImage = byWidth(
    (await read<{ imageRenditions?: ImageRendition[] }>(`/categories/show/${category.id}`)).imageRenditions,
  );
  productImage = byWidth(
    (await read<{ imageRenditions?: ImageRendition[] }>(`/products/show/${productId}`)).imageRenditions,
  );
  expect([...categoryImage.keys()]).toEqual([THUMB, CARD, WIDE, FULL]);
  expect([...productImage.keys()]).toEqual([THUMB, CARD, WIDE, FULL]);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface Screen {
  page: Page;
  /** The paths of the images the browser has downloaded so far. */
  downloaded: string[];
}

/** A fresh profile of that viewport width and density (and that localStorage), watching what it downloads from /media. */
async function openScreen(
  width: number,
  deviceScaleFactor: number,
  storage: Record<string, string> = {},
): Promise<Screen> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor, locale: 'en-US' });
  contexts.push(context);
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries))
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const downloaded: string[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/media/')) downloaded.push(path);
  });
  return { page, downloaded };
}

/** The widths of `image`'s renditions downloaded, once the picture in `selector` has loaded. */
async function widthsDownloaded(screen: Screen, selector: string, image: Map<number, string>): Promise<number[]> {
  const picture = screen.page.locator(selector).first();
  await picture.waitFor();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return [...image].filter(([, src]) => screen.downloaded.includes(src)).map(([width]) => width);
}

describe('pictures sized for the screen', () => {
  it('a 390 px phone downloads the card rendition for a store card', async () => {
    const phone = await openScreen(390, 1);
    await phone.page.goto(new URL('/store', app.url).toString());
    expect(await widthsDownloaded(phone, '.category-card img', categoryImage)).toEqual([CARD]);
  });

  it('a 390 px phone downloads the thumb for a cart line', async () => {
    const shopper = await openScreen(390, 1);
    await shopper.page.goto(new URL(`/product/${productId}`, app.url).toString());
    await shopper.page.getByTestId('add-to-cart').click();
    const stored = await shopper.page.evaluate(() => ({ ...localStorage }));
    // The cart in a fresh profile: Chrome shows a wider rendition it already holds instead of downloading.
    const phone = await openScreen(390, 1, stored);
    await phone.page.goto(new URL('/cart', app.url).toString());
    expect(await widthsDownloaded(phone, '.cart-line-media img', productImage)).toEqual([THUMB]);
  });

  // The product page's picture fills a phone's width (356 CSS px) and 5/11 of a wide screen's row.
  it.each([
    [390, 1, CARD],
    [390, 2, WIDE],
    [1280, 2, FULL],
  ])(
    'a %i px screen at density %i downloads the %i px rendition for the product page',
    async (width, density, rendition) => {
      const screen = await openScreen(width, density);
      await screen.page.goto(new URL(`/product/${productId}`, app.url).toString());
      expect(await widthsDownloaded(screen, '.product-hero-media img', productImage)).toEqual([rendition]);
    },
  );

  it('names a narrow upload’s renditions by the width they have, never more', async () => {
    const admin = await adminClient(app.url);
    const category = await admin.createCategory('Cinéma');
    const narrow = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer();
    const created = await fetch(`${app.url}/api/admin/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await admin.token()}` },
      body: form(
        {
          name: 'Ciné Mini',
          category_id: category.id,
          price_durations: JSON.stringify([{ duration: '1 month', price: 900 }]),
        },
        narrow,
      ),
    });
    expect(created.status).toBe(201);
    const phone = await openScreen(390, 1);
    await phone.page.goto(new URL(`/category/${category.slug}`, app.url).toString());
    const srcset = await phone.page.locator('.product-card img').first().getAttribute('srcset');
    expect(srcset?.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['240w', '300w']);
  });
});
