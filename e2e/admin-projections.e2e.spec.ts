import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopOrders } from '../bench/admin-shop';
import type { RunningApp } from '../src/main';
import { SYSTEM } from '../src/platform/eventstore/port';
import { INSTANCE_NAME } from '../src/platform/instance';
import { RECENT_REBUILDS, type ProjectionsOverview, type RebuildView } from '../src/shared/operations';
import { TEST_ADMIN, TEST_JWT_SECRET } from '../test/support/app';
import {
  liveUpdatesOn,
  openAdmin,
  plain,
  seriousViolations,
  settled,
  submitSignIn,
  type AdminOpenOptions,
} from './support/admin';
import { launchBrowser } from './support/browser';
import { shopClient, type Credentials, type ShopClient } from './support/shop';
import { startStoreApp } from './support/store';

// The projections page (/admin/projections, issue 16) in a real browser against the real server:
// each read model live with this instance; Rebuild all, confirmed, with its progress bar and then
// its outcome (events, rows per table, who and where), followed live by a second admin; a rebuild
// started by the CLI shown on the open page; the server's 409 when one already runs; axe-core in
// English and Arabic, light and dark; the buttons and the modal by keyboard.
// SCREENSHOTS_DIR=docs/screenshots also saves the pictures of the page (one mid-rebuild).
//
// adminBrowserSuite() keeps its app to itself; these tests need the app's event store (a shop's
// worth of orders in the log, so a rebuild lasts long enough to be watched) and its database's
// address (for the CLI), so the same set-up is made here with the app in hand.

/** Orders put in the log before the tests: a shop's worth of rows to rebuild. */
const ORDERS = 4000;
const READ_MODELS = ['admin-users', 'audit', 'catalogue', 'notes', 'orders', 'shop-legal', 'subscriptions'];

let app: RunningApp;
let browser: Browser;
let shop: ShopClient;
const contexts: BrowserContext[] = [];
let nadia: Credentials & { id: string; name: string };

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  shop = shopClient(app.url);
  nadia = await shop.createAdmin('Nadia Saidi');
  const metadata = () => ({ actor: SYSTEM, correlationId: randomUUID(), causationId: randomUUID() });
  for (const order of shopOrders(ORDERS, 800, Date.now()))
    await app.infra.store.append(order.stream, order.events, { expectedRevision: 'no_stream', metadata: metadata() });
  expect(await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 90_000 })).toBe(true);
  // As a store that has taken these orders: new orders' numbers go on from there.
  await sql`SELECT setval('order_numbers', ${ORDERS})`.execute(app.infra.db);
}, 180_000);
afterEach(async () => {
  await Promise.all([...holds].map((release) => release()));
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await noRebuildRunning();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const overview = () => shop.api<ProjectionsOverview>('GET', '/api/admin/projections');

/** Waits for what the server or the socket brings. */
const eventually = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

/** Until no rebuild runs (one at a time: the next test starts its own). */
const noRebuildRunning = () =>
  eventually(async () => (await overview()).rebuilds.some((r) => r.state === 'running'), 55_000).toBe(false);

/** A fresh profile signed in as `as` on the projections page, once its table shows and live updates are on. */
async function openProjections(as: Credentials = TEST_ADMIN, options: AdminOpenOptions = {}) {
  const opened = await openAdmin(browser, app.url, '/admin/projections', { contexts, ...options });
  await submitSignIn(opened.page, as.username, as.password);
  await opened.page.getByTestId('projections-table').waitFor();
  await liveUpdatesOn(opened.page);
  return opened;
}

const row = (page: Page, name: string) => page.getByTestId('projections-table').locator(`tr[data-row-id="${name}"]`);
const current = (page: Page) => page.getByTestId('rebuild-current');
const currentState = (page: Page) => current(page).getAttribute('data-state');
const toasts = async (page: Page) => (await page.locator('.toast-message').allTextContents()).map(plain);

/** The rows table of the shown outcome: table → count, as the page writes them. */
const outcomeRows = (page: Page) =>
  current(page)
    .getByTestId('rebuild-rows')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      Object.fromEntries(rows.map((r) => [r.getAttribute('data-table'), r.querySelector('td')?.textContent])),
    );

/** `npm run projections -- …` on the app's database, as an operator runs it: the process, and its end. */
function startCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/projections.ts', ...args], {
    // The test app's secret: the CLI checks it against the one recorded in the database.
    env: {
      ...process.env,
      DATABASE_URL: app.infra.database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

const runCli = (args: string[]) => startCli(args).done;

/**
 * Keeps every rebuild from swapping its tables in until released, so that a test can watch one
 * run: a rebuild of this shop takes under a second. A transaction here holds the checkpoint rows,
 * which a rebuild locks first thing before its swap (and nothing else: the tables stay readable).
 */
async function holdRebuildsBeforeTheSwap(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: app.infra.database.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT name FROM projection_checkpoints FOR UPDATE');
  const release = async () => {
    if (!holds.delete(release)) return;
    await client.query('COMMIT');
    await client.end();
  };
  holds.add(release);
  return release;
}

/** Holds a failed test left: let go after it, or every later rebuild would wait. */
const holds = new Set<() => Promise<void>>();

const screenshots = process.env.SCREENSHOTS_DIR;

describe('the projections page', () => {
  it('lists each read model, what it holds, live at the head with this instance', async () => {
    const { page, errors } = await openProjections();
    const names = await page.getByTestId('projection-name').allTextContents();
    expect(names.map(plain).sort()).toEqual(READ_MODELS);
    const orders = row(page, 'orders');
    expect(plain(await orders.textContent())).toContain('Orders and customers');
    expect(plain(await row(page, 'admin-users').textContent())).toContain('Administrators');
    for (const name of READ_MODELS) {
      const cells = row(page, name);
      await eventually(() => cells.getByTestId('projection-state').getAttribute('data-state')).toBe('live');
      expect(plain(await cells.getByTestId('projection-state').textContent())).toBe('Live');
      expect(plain(await cells.getByTestId('projection-instance').textContent())).toBe(INSTANCE_NAME);
      expect(plain(await cells.getByTestId('projection-behind').textContent())).toBe('Up to date');
      expect(plain(await cells.getByTestId('projection-lag').textContent())).toBe('None');
    }
    const { head } = await overview();
    expect(plain(await orders.getByTestId('projection-position').textContent())).toBe(head);
    expect(plain(await page.getByTestId('projections-head').textContent())).toContain(head);
    expect(await page.getByTestId('rebuild-none').isVisible()).toBe(true);
    // The sidebar leads here, after Activity.
    const nav = (await page.getByTestId('admin-sidebar').getByRole('link').allTextContents()).map(plain);
    expect(nav.indexOf('Projections')).toBe(nav.indexOf('Activity') + 1);
    expect(errors).toEqual([]);
  });

  it(
    'rebuilds every read model once confirmed: a progress bar, then the outcome, seen live by a second admin',
    { timeout: 120_000 },
    async () => {
      const first = await openProjections();
      const second = await openProjections(nadia);
      const { page } = first;
      const release = await holdRebuildsBeforeTheSwap();
      await page.getByTestId('projections-rebuild-all').click();
      const modal = page.getByTestId('projections-confirm');
      await modal.waitFor();
      expect(plain(await modal.textContent())).toContain(
        'The store keeps serving from the current tables while it runs; they are swapped in at the end.',
      );
      await page.getByTestId('projections-confirm-confirm').click();

      // Both admins see it run: the bar with how far it is, the rate; the buttons say why they wait.
      for (const { page: seen } of [first, second]) {
        await eventually(() => currentState(seen)).toBe('running');
        const bar = current(seen).getByRole('progressbar');
        expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
        expect(plain(await current(seen).getByTestId('rebuild-progress-text').textContent())).toMatch(
          /[\d,]+ of about [\d,]+ events [\d,]+ events\/s/,
        );
        await eventually(() => row(seen, 'orders').getByTestId('projection-state').getAttribute('data-state')).toBe(
          'rebuilding',
        );
        const rebuildAll = seen.getByTestId('projections-rebuild-all');
        expect(await rebuildAll.getAttribute('aria-disabled')).toBe('true');
        expect(plain(await seen.getByTestId('projections-busy-reason').textContent())).toBe(
          'A rebuild is running: one runs at a time, so wait for it to finish.',
        );
        expect(await row(seen, 'orders').getByTestId('projection-rebuild').getAttribute('aria-describedby')).toBe(
          'projections-busy-reason',
        );
      }
      // Nothing serious on the page with the bar.
      expect(await seriousViolations(second.page), 'mid-rebuild').toEqual([]);
      // Let go, the bar moves on as progress comes (about twice a second), until the outcome replaces it.
      const bar = current(second.page).getByRole('progressbar');
      const valueNow = () =>
        bar
          .getAttribute('aria-valuenow', { timeout: 1000 })
          .then(Number)
          .catch(() => Infinity);
      const firstValue = await valueNow();
      await release();
      await eventually(async () => (await valueNow()) > firstValue, 30_000).toBe(true);

      for (const { page: seen } of [first, second]) {
        await eventually(() => currentState(seen), 90_000).toBe('done');
        const outcome = plain(await current(seen).getByTestId('rebuild-outcome').textContent());
        expect(outcome).toMatch(/^Done in [\d.]+ (sec|min)/);
        const rows = await outcomeRows(seen);
        expect(rows.orders).toBe(ORDERS.toLocaleString('en-US'));
        expect(Object.keys(rows)).toEqual(expect.arrayContaining(['orders', 'audit_entries']));
        expect(plain(await current(seen).getByTestId('rebuild-started-by').textContent())).toMatch(
          new RegExp(`^Started by Administrator on ${INSTANCE_NAME}, `),
        );
        await eventually(() => row(seen, 'orders').getByTestId('projection-state').getAttribute('data-state')).toBe(
          'live',
        );
        expect(await seen.getByTestId('projections-rebuild-all').getAttribute('aria-disabled')).toBeNull();
      }
      const done = (await overview()).rebuilds[0]!;
      expect(done).toMatchObject({ state: 'done', origin: 'admin', projections: expect.arrayContaining(READ_MODELS) });
      expect(done.durationMs).toBeGreaterThan(0);
      expect(first.errors).toEqual([]);
      expect(second.errors).toEqual([]);
    },
  );

  it(
    'shows a rebuild started by the command line on the open page, from start to outcome',
    { timeout: 120_000 },
    async () => {
      const { page } = await openProjections();
      const known = (await overview()).rebuilds.map((r) => r.id);
      let ended = false;
      const cli = runCli(['rebuild', 'orders']).finally(() => (ended = true));
      // The page learns of it while it runs (the CLI's progress reaches every instance's admins).
      const shown = async () => {
        const id = await current(page).getAttribute('data-rebuild-id');
        return Boolean(id && !known.includes(id));
      };
      await eventually(async () => ended || (await shown()), 60_000).toBe(true);
      const { code, stdout, stderr } = await cli;
      expect(code, `${stdout}\n${stderr}`).toBe(0);
      await eventually(shown).toBe(true);
      expect(stdout).toMatch(/rebuilt orders: \d+ events/);
      await eventually(() => currentState(page), 30_000).toBe('done');
      const startedBy = plain(await current(page).getByTestId('rebuild-started-by').textContent());
      expect(startedBy).toMatch(/^Started by the command line on \S+:\d+, /);
      expect(startedBy).not.toContain(INSTANCE_NAME);
      expect(plain(await current(page).locator('.projections-rebuild-title').textContent())).toBe('Rebuild of orders');
      expect((await outcomeRows(page)).orders).toBe(ORDERS.toLocaleString('en-US'));
      // The rebuilds before it are now the recent ones.
      expect(await page.getByTestId('rebuild-recent').count()).toBe(Math.min(known.length, RECENT_REBUILDS - 1));
    },
  );

  it("shows the server's message when another rebuild started meanwhile (409)", { timeout: 120_000 }, async () => {
    const { page } = await openProjections();
    await row(page, 'audit').getByTestId('projection-rebuild').click();
    const modal = page.getByTestId('projections-confirm');
    await modal.getByRole('heading', { name: /^Rebuild \W?audit\W?\?$/ }).waitFor();
    // Another admin starts one while this one reads the confirmation (held: it would end first).
    const release = await holdRebuildsBeforeTheSwap();
    const { rebuild } = await shop.api<{ rebuild: RebuildView }>(
      'POST',
      '/api/admin/projections/all/rebuild',
      undefined,
      nadia,
    );
    await page.getByTestId('projections-confirm-confirm').click();
    await eventually(() => toasts(page)).toContainEqual(
      expect.stringMatching(
        /^A rebuild of .*orders.* is already running \(started by Nadia Saidi at .*\); try again when it has finished\.$/,
      ),
    );
    await modal.waitFor({ state: 'detached' });
    await eventually(() => current(page).getAttribute('data-rebuild-id')).toBe(rebuild.id);
    await release();
  });

  it('reads the status again every 5 s while it shows (the lag changes without events)', async () => {
    const { page } = await openProjections();
    let reads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/projections') reads++;
    });
    await page.waitForTimeout(11_000);
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('says when the status could not be loaded, and loads it again on Try again', { timeout: 60_000 }, async () => {
    const { page } = await openProjections();
    await page.route('**/api/admin/projections', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.reload();
    await page.getByTestId('projections-error').waitFor({ timeout: 15_000 });
    await page.unroute('**/api/admin/projections');
    await page.getByTestId('projections-error').getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('projections-table').waitFor();
  });
});

describe('a rebuild cut short', () => {
  it(
    'shows as failed with its error once its process died, and the read models live again',
    { timeout: 120_000 },
    async () => {
      const { page } = await openProjections();
      const known = (await overview()).rebuilds.map((r) => r.id);
      const release = await holdRebuildsBeforeTheSwap();
      const cli = startCli(['rebuild', 'all']);
      await eventually(async () => {
        const id = await current(page).getAttribute('data-rebuild-id');
        return Boolean(id && !known.includes(id)) && (await currentState(page)) === 'running';
      }, 60_000).toBe(true);
      cli.child.kill('SIGKILL');
      await cli.done;
      await release();
      // Nobody holds the rebuild any more: the next status read records it as failed.
      await eventually(() => currentState(page), 30_000).toBe('failed');
      expect(plain(await current(page).getByTestId('rebuild-error').textContent())).toMatch(
        /^Failed after [\d.]+ sec: Interrupted: the process running it stopped$/,
      );
      expect(plain(await current(page).getByTestId('rebuild-state').textContent())).toBe('Failed');
      for (const name of READ_MODELS)
        await eventually(() => row(page, name).getByTestId('projection-state').getAttribute('data-state')).toBe('live');
      expect(await page.getByTestId('projections-rebuild-all').getAttribute('aria-disabled')).toBeNull();
    },
  );
});

describe('accessibility', () => {
  it.each(['en', 'ar'])(
    'finds nothing serious on the page and in its confirmation in %s, light and dark',
    async (language) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openProjections(TEST_ADMIN, { storage: { 'admin-language': language }, colorScheme });
        await current(page).waitFor();
        expect(await seriousViolations(page), `page, ${language}, ${colorScheme}`).toEqual([]);
        await page.getByTestId('projections-rebuild-all').click();
        await page.getByTestId('projections-confirm').waitFor();
        await settled(page);
        expect(await seriousViolations(page), `confirmation, ${language}, ${colorScheme}`).toEqual([]);
      }
    },
    90_000,
  );

  it(
    'reaches Rebuild all, the rows and the confirmation with the keyboard, and starts a rebuild with it',
    { timeout: 120_000 },
    async () => {
      const { page } = await openProjections();
      await page.getByTestId('projections-rebuild-all').focus();
      await page.keyboard.press('Enter');
      const modal = page.getByTestId('projections-confirm');
      await modal.waitFor();
      await settled(page);
      // Focus is in the modal; Escape closes it and gives focus back.
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="projections-confirm"]'))),
      ).toBe(true);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(
        'projections-rebuild-all',
      );

      // Tab reaches each row's Rebuild button.
      const reached: string[] = [];
      for (let press = 0; press < 25 && reached.length < READ_MODELS.length; press++) {
        await page.keyboard.press('Tab');
        const label = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          return active?.dataset.testid === 'projection-rebuild' ? active.getAttribute('aria-label') : null;
        });
        if (label) reached.push(plain(label));
      }
      expect(reached.sort()).toEqual(READ_MODELS.map((name) => `Rebuild ${name}`));

      // Enter on the catalogue's, then Tab to the confirm button and Enter: the rebuild starts.
      await row(page, 'catalogue').getByTestId('projection-rebuild').focus();
      await page.keyboard.press('Enter');
      await modal.getByRole('heading', { name: /^Rebuild \W?catalogue\W?\?$/ }).waitFor();
      await settled(page);
      for (let press = 0; press < 6; press++) {
        const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);
        if (focused === 'projections-confirm-confirm') break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await eventually(() => toasts(page)).toContain('Rebuilding catalogue');
      await eventually(() => currentState(page), 60_000).toBe('done');
      expect(plain(await current(page).locator('.projections-rebuild-title').textContent())).toBe(
        'Rebuild of catalogue',
      );
    },
  );
});

describe.runIf(screenshots)('screenshots', () => {
  it('of the page in en/ar, light/dark, one mid-rebuild', async () => {
    mkdirSync(screenshots!, { recursive: true });
    for (const language of ['en', 'ar']) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openProjections(TEST_ADMIN, { storage: { 'admin-language': language }, colorScheme });
        const midRebuild = language === 'en' && colorScheme === 'light';
        const release = midRebuild ? await holdRebuildsBeforeTheSwap() : undefined;
        if (midRebuild) {
          await shop.api('POST', '/api/admin/projections/all/rebuild');
          await eventually(
            async () => Number(await current(page).getByRole('progressbar').getAttribute('aria-valuenow')),
            30_000,
          ).toBeGreaterThan(10);
        } else await current(page).waitFor();
        await settled(page);
        await page.screenshot({
          path: path.join(screenshots!, `admin-projections-${language}-${colorScheme}.png`),
          fullPage: true,
        });
        await release?.();
        if (midRebuild) await noRebuildRunning();
      }
    }
  }, 120_000);
});
