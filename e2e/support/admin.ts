import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Clock } from '../../src/platform/clock';
import { TEST_ADMIN } from '../../test/support/app';
import { launchBrowser } from './browser';
import { login, shopClient, type Credentials, type ShopClient } from './shop';
import { openProfile, openStore, startStoreApp, type OpenPage, type ProfileOptions } from './store';

// Shared set-up of the back-office browser tests: the suite (the real app, Chromium, the profiles
// a test opens), fresh profiles on an /admin page, signing in through the form, axe-core run inside
// the page, and the text of what the page shows.

export type AdminPage = OpenPage;
export type AdminOpenOptions = Omit<ProfileOptions, 'height' | 'setup'>;

/** A fresh profile (no stored session; `storage` written before the app starts) opened at `path`. */
export function openAdmin(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: AdminOpenOptions = {},
): Promise<AdminPage> {
  return openProfile(browser, baseUrl, path, { ...options, height: 860 });
}

export interface AdminBrowserSuite {
  /** The app's address. */
  readonly url: string;
  readonly browser: Browser;
  /** The admin API and shoppers' orders from outside the browser (as the test administrator unless told). */
  readonly shop: ShopClient;
  /** A fresh profile at `path`, closed after the test. */
  open(path: string, options?: AdminOpenOptions): Promise<AdminPage>;
  /** A fresh profile at `path` (a protected page goes to the sign-in form), signed in there as `as`. */
  signIn(path: string, options?: AdminOpenOptions, as?: Credentials): Promise<AdminPage>;
  /** A store page in a fresh profile, closed after the test. */
  openStore(path: string, options?: Omit<ProfileOptions, 'height' | 'colorScheme' | 'contexts'>): Promise<OpenPage>;
}

/**
 * A back-office browser spec's set-up. Called at the top of the spec, it registers the vitest hooks
 * that start the real app (fresh database, web/dist) and Chromium before the spec's own beforeAll,
 * close the profiles a test opened after each test, and stop both at the end (`env`: the app's
 * settings beyond the tests' own; `clock`: the store's time, when the test moves it). What it returns
 * is read inside tests and hooks, once they have started.
 */
export function adminBrowserSuite(env: Record<string, string> = {}, clock?: Clock): AdminBrowserSuite {
  let app: Awaited<ReturnType<typeof startStoreApp>> | undefined;
  let browser: Browser | undefined;
  let shop: ShopClient | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startStoreApp(env, clock);
    browser = await launchBrowser();
    shop = shopClient(app.url);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('adminBrowserSuite: read inside a test or a hook, once it has started');
    return value;
  };
  const suite: AdminBrowserSuite = {
    get url() {
      return started(app).url;
    },
    get browser() {
      return started(browser);
    },
    get shop() {
      return started(shop);
    },
    open: (path, options = {}) => openAdmin(suite.browser, suite.url, path, { contexts, ...options }),
    async signIn(path, options = {}, as = TEST_ADMIN) {
      const opened = await suite.open(path, options);
      await submitSignIn(opened.page, as.username, as.password);
      return opened;
    },
    openStore: (path, options = {}) => openStore(suite.browser, suite.url, path, { ...options, contexts }),
  };
  return suite;
}

/**
 * A text as the page shows it, without the bidi isolates put around names and numbers, its spaces
 * (no-break ones too) folded into one and trimmed.
 */
export const plain = (text: string | null | undefined): string =>
  (text ?? '')
    .replace(/[\u2068\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Once a modal's entrance is over (axe would read its colours half faded in); endless ones (spinners) aside. */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

/** Waits until the page's live updates are connected (the header's indicator says so). */
export const liveUpdatesOn = (page: Page) =>
  page.locator('[data-testid="live-status"][data-state="online"]').waitFor({ state: 'attached', timeout: 15_000 });

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
  // Colours measured mid fade-in (a modal opening) are neither the start's nor the end's.
  await settled(page);
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

/** The browser storage of a signed-in admin (through the real login), to open a page already signed in. */
export async function signedInStorage(baseUrl: string, credentials: Credentials): Promise<Record<string, string>> {
  const answer = await login(baseUrl, credentials);
  if (!answer.ok) throw new Error(`login as ${credentials.username}: ${answer.status}`);
  const { token, user } = (await answer.json()) as { token: string; user: unknown };
  return { 'admin-token': token, 'admin-user': JSON.stringify(user) };
}

/**
 * How many of a list's rows have their actions cell out of sight (cut off by the list's scroll box or the
 * window): none, on any screen (docs/product.md#back-office).
 */
export const rowsWithActionsOutOfView = (page: Page, tableTestId: string) =>
  page.getByTestId(tableTestId).evaluate((table) => {
    const box = table.parentElement!.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    return [...table.querySelectorAll('tbody tr td.cell-actions')].filter((cell) => {
      const rect = cell.getBoundingClientRect();
      return rect.left < left - 1 || rect.right > right + 1;
    }).length;
  });
