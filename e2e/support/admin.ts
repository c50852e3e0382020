import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

// Shared set-up of the back-office browser tests: fresh profiles on an /admin page, signing in
// through the form, and axe-core run inside the page.

export interface AdminPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page. */
  errors: Error[];
}

/** A fresh profile (no stored session; `storage` written before the app starts) opened at `path`. */
export async function openAdmin(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: {
    storage?: Record<string, string>;
    width?: number;
    colorScheme?: 'light' | 'dark';
    contexts?: BrowserContext[];
  } = {},
): Promise<AdminPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 860 },
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
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'domcontentloaded' });
  return { context, page, errors };
}

/** Fills the sign-in form and submits it (the page must show the form). */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('login-submit').click();
}

export const documentState = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    theme: document.documentElement.dataset.theme,
  }));

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it is now (run through the DevTools
 * protocol, so the app's CSP, which forbids inline scripts, does not stand in the way).
 */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact!,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}
