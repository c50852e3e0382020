import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Clock } from '../../src/platform/clock';
import { startTestApp } from '../../test/support/app';
import { shopClient } from './shop';

// Shared set-up of the storefront browser tests: the real server, an admin client to seed the
// catalogue (shop.ts), and fresh browser profiles.

/**
 * The real app (startTestApp gives it a port known in advance, so the payment provider's pages
 * link back to it). Another process may take that port between the probe and the listen: then
 * it tries again.
 */
export async function startStoreApp(env: Record<string, string> = {}, clock?: Clock) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTestApp({ env, clock });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

export type { ProductRecord, SeedProduct } from './shop';

/** The admin API (and the rest of shopClient), signed in as the test administrator before it answers. */
export async function adminClient(baseUrl: string) {
  const client = shopClient(baseUrl);
  await client.token();
  return client;
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page. */
  errors: Error[];
}

export interface ProfileOptions {
  storage?: Record<string, string>;
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  contexts?: BrowserContext[];
  /** Runs on the new profile before the first page loads (e.g. to route requests). */
  setup?: (context: BrowserContext) => Promise<void>;
}

/**
 * A fresh browser profile (light system theme unless told) opened at `path`. `storage` is written once
 * before the app starts (not again on reload), so a test can watch what the app itself saves.
 */
export async function openProfile(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: ProfileOptions = {},
): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-US',
  });
  options.contexts?.push(context);
  if (options.storage) {
    await context.addInitScript((entries) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.storage);
  }
  await options.setup?.(context);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'domcontentloaded' });
  return { context, page, errors };
}

/** A store page in a fresh profile, once its header shows. */
export async function openStore(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: Omit<ProfileOptions, 'height' | 'colorScheme'> = {},
): Promise<OpenPage> {
  const opened = await openProfile(browser, baseUrl, path, options);
  await opened.page.locator('header.site-header').waitFor({ state: 'visible' });
  return opened;
}

/** The text of a locator with its spaces normalised (prices use no-break spaces). */
export async function textOf(page: Page, selector: string): Promise<string> {
  const text = (await page.locator(selector).first().textContent()) ?? '';
  return text
    .replace(/[\u00a0\u202f\u2068\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
