import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrowserSuite, plain, signedInStorage } from './support/admin';

// Text in another direction than the page (docs/product.md#bidirectional-text), read from where the
// browser drew it: a French catalogue text, a package's name on an order or an admin's name on an
// Arabic page runs left to right, its full stop (or trailing plus) at its end and its clamp cutting
// its end, never its first letters; French times use the 24-hour clock.

const suite = adminBrowserSuite();
const ARABIC = { 'store-language': 'ar' };

/** Long enough to be clamped at 3 lines on a phone; its first word is the one the bug cut ("…hampionnats"). */
const CATEGORY_TEXT =
  'Championnats européens, coupes nationales et compétitions africaines en direct, avec les résumés, ' +
  'les analyses d’après-match et les magazines de la semaine, sur tous vos écrans à la maison.';
/** Under the product page's 150-character preview, so it shows whole with its full stop. */
const PRODUCT_TEXT = 'Toutes les chaînes sportives et les films en haute définition.';
const FEATURE_TEXT = 'Assistance technique jour et nuit.';
/** Ends with a plus: drawn right to left, it shows "+Pack Sport". */
const PRODUCT_NAME = 'Pack Sport+';

let category: { id: string; slug: string };
let productId: string;

beforeAll(async () => {
  // French only: an Arabic page shows these texts in French (docs/product.md#catalogue-languages).
  category = (
    await suite.shop.api<{ category: { id: string; slug: string } }>('POST', '/api/admin/categories', {
      translations: { fr: { name: 'Sport et cinéma', description: CATEGORY_TEXT } },
    })
  ).category;
  const product = await suite.shop.api<{ product: { id: string } }>('POST', '/api/admin/products', {
    category_id: category.id,
    translations: { fr: { name: PRODUCT_NAME, description: PRODUCT_TEXT, features: [FEATURE_TEXT] } },
    price_durations: [{ duration: '1 month', price: 2800 }],
  });
  productId = product.product.id;
});

interface ClampReading {
  direction: string;
  /** For each line shown, how far its first letter (in the text's order) lies from the box's left side (px). */
  lineStarts: number[];
  /** The letters of the lines shown that lie, even in part, outside the box's sides. */
  lettersCut: string;
}

/**
 * Where the browser drew a clamped French text: its direction, where each line shown starts (French
 * reads from the left, so 0 for each), and the letters its sides cut.
 */
function readClamp(element: Locator): Promise<ClampReading> {
  return element.evaluate((box: HTMLElement) => {
    const style = getComputedStyle(box);
    const outer = box.getBoundingClientRect();
    const inner = {
      left: outer.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth),
      right: outer.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
      bottom: outer.bottom - parseFloat(style.paddingBottom),
    };
    const text = box.firstChild as Text;
    const lineStarts = new Map<number, number>();
    let lettersCut = '';
    for (let index = 0; index < text.data.length; index++) {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.top >= inner.bottom - 1) continue; // not drawn, or on a line the clamp hides
      const line = Math.round(rect.top);
      if (!lineStarts.has(line)) lineStarts.set(line, Math.round(rect.left - inner.left));
      if (rect.left < inner.left - 0.5 || rect.right > inner.right + 0.5) lettersCut += text.data[index];
    }
    return { direction: style.direction, lineStarts: [...lineStarts.values()], lettersCut: lettersCut.trim() };
  });
}

/**
 * Whether the text's last character (a full stop, a closing bracket) is drawn on the right of its last
 * word, as French reads; drawn right to left it lands on the left of the line.
 */
function endsOnTheRight(element: Locator): Promise<{ direction: string; endOnTheRight: boolean }> {
  return element.evaluate((box: HTMLElement) => {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if ((node as Text).data.trim()) last = node as Text;
    const text = last!;
    const end = text.data.trimEnd().length;
    const rectOf = (start: number, stop: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, stop);
      return range.getBoundingClientRect();
    };
    const stop = rectOf(end - 1, end);
    const word = rectOf(text.data.slice(0, end - 1).search(/\S+$/), end - 1);
    return { direction: getComputedStyle(text.parentElement!).direction, endOnTheRight: stop.left >= word.right - 0.5 };
  });
}

async function openArabic(path: string): Promise<Page> {
  const { page } = await suite.openStore(path, { storage: ARABIC, width: 390 });
  return page;
}

describe('French catalogue text on an Arabic page, at 390 px', () => {
  it('a clamped category description starts with its first letter and is cut at its end', async () => {
    const page = await openArabic('/store');
    const description = page.locator('.category-card', { hasText: 'Sport et cinéma' }).locator('.category-description');
    await description.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Clamped indeed: the text is taller than its three lines.
    expect(await description.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    expect(await readClamp(description)).toEqual({ direction: 'ltr', lineStarts: [0, 0, 0], lettersCut: '' });
  });

  it('a description and a feature end with their full stop on the right', async () => {
    const page = await openArabic(`/product/${productId}`);
    const description = page.getByTestId('product-description');
    await description.waitFor();
    expect(plain(await description.textContent())).toBe(PRODUCT_TEXT);
    expect(await endsOnTheRight(description)).toEqual({ direction: 'ltr', endOnTheRight: true });
    const feature = page.locator('.feature-list li').first();
    expect(plain(await feature.textContent())).toBe(FEATURE_TEXT);
    expect(await endsOnTheRight(feature)).toEqual({ direction: 'ltr', endOnTheRight: true });
  });
});

describe('French names on Arabic pages', () => {
  it('an order’s package name ends with its plus on the right', async () => {
    const order = await suite.shop.placeOrder(productId, 2800, { phone: '0550000111', language: 'ar' });
    const page = await openArabic(`/orders/${order.accessToken}`);
    await page.getByTestId('order-items').locator('.disclosure-button').click();
    const name = page.locator('.order-item-main strong').first();
    expect(plain(await name.textContent())).toBe(PRODUCT_NAME);
    expect(await endsOnTheRight(name)).toEqual({ direction: 'ltr', endOnTheRight: true });
  });

  it('the signed-in admin’s name ends with its full stop on the right', async () => {
    const admin = await suite.shop.createAdmin('Amina B.');
    const storage = { ...(await signedInStorage(suite.url, admin)), 'admin-language': 'ar' };
    const { page } = await suite.open('/admin', { storage, width: 1024 });
    const name = page.getByTestId('admin-user').locator('.admin-user-name');
    await name.waitFor();
    expect(plain(await name.textContent())).toBe('Amina B.');
    expect(await endsOnTheRight(name)).toEqual({ direction: 'ltr', endOnTheRight: true });
  });
});

describe('French dates', () => {
  it('show the time on the 24-hour clock, with no AM or PM', async () => {
    const order = await suite.shop.placeOrder(productId, 2800, { language: 'fr' });
    const { page } = await suite.openStore(`/orders/${order.accessToken}`, { storage: { 'store-language': 'fr' } });
    const placedOn = page.locator('.order-facts dd', { hasText: /:\d\d/ }).first();
    await placedOn.waitFor();
    const shown = plain(await placedOn.textContent());
    const hourNow = await page.evaluate(() => new Date().getHours());
    expect(shown).not.toMatch(/\b[AP]\.?M\.?\b/i);
    const hour = Number(/(\d{1,2}):\d\d/.exec(shown)![1]);
    // Placed moments ago: this hour, or the one before when an hour began since.
    expect([hourNow, (hourNow + 23) % 24]).toContain(hour);
  });
});
