// bench/web: what a shopper's first visit costs. After `npm run build`, against the running app
// (`npm start`), in headless Chromium:
//   - the bytes a first visit to / transfers, everything counted (the page, scripts, styles, the
//     catalogue's JSON, images, headers), as they came over the wire, compressed (docs/architecture.md#compression);
//   - the JavaScript and CSS of that visit (before the load event, and what the page fetches once
//     idle: the live-updates chunk), as transferred, and that none of it is the back office's (no
//     file of it calls /api/admin/);
//   - the same for an administrator's first visit to /admin/login;
//   - the largest contentful paint of / and /product/{id}, median of 5 fresh visits each.
// Targets (issues 6 and 14, and "Arabic first, on a phone, on a slow network"): ≤ 170 KB transferred for /,
// ≤ 150 KB of JavaScript for /, ≤ 250 KB for /admin/login; LCP ≤ 1.0 s.
// Run: npm run build && npm start, then in another shell: npm run bench:web [baseUrl]
//   BENCH_URL (or the first argument) defaults to http://localhost:3000; BENCH_RUNS to change 5.
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';

const baseUrl = (process.argv[2] ?? process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRANSFER_BUDGET_KB = 170;
const JS_BUDGET_KB = 150;
const ADMIN_JS_BUDGET_KB = 250;
const LCP_BUDGET_MS = 1000;
const VIEWPORT = { width: 1280, height: 800 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function reachable(): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/products`)).ok;
  } catch {
    return false;
  }
}

interface Asset {
  url: string;
  /** Chromium's resource type: document, script, stylesheet, fetch, image… */
  type: string;
  /** The body's bytes as they came over the wire (compressed when the answer was). */
  transferred: number;
  /** The response's headers, as sent. */
  headers: number;
  /** The body once decoded. */
  raw: number;
  /** Content-Encoding, when there was one. */
  encoding: string;
  afterLoad: boolean;
  /** Whether the file calls the admin API: back-office code. */
  admin: boolean;
}

/** Everything a first visit to `path` downloads from the store, with the bytes each transfer took. */
async function firstVisitAssets(browser: Browser, path: string): Promise<Asset[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const pending: Promise<Asset | null>[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('requestfinished', (request: Request) => {
    if (!request.url().startsWith(baseUrl)) return;
    const afterLoad = loaded;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        const type = request.resourceType();
        return {
          url: request.url().slice(baseUrl.length),
          type,
          transferred: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
          raw: body.length,
          encoding: (await response.headerValue('content-encoding')) ?? '',
          afterLoad,
          admin: type === 'script' && body.includes('/api/admin/'),
        };
      })().catch(() => null),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // The live-updates chunk is fetched once the browser is idle after load.
  await page.waitForTimeout(3000);
  await context.close();
  return (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
}

/** The largest contentful paint of one fresh visit (ms from navigation start) and its element. */
async function lcpOnce(browser: Browser, path: string): Promise<{ ms: number; element: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: { ms: number; element: string } };
    w.__lcp = { ms: 0, element: '' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        element?: Element | null;
        renderTime: number;
        loadTime: number;
      })[]) {
        const element = entry.element;
        w.__lcp = {
          ms: entry.startTime,
          element: element
            ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`
            : '?',
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  // LCP stops at the first input; reading it after the page settled gives the final candidate.
  const result = await page.evaluate(() => (window as unknown as { __lcp: { ms: number; element: string } }).__lcp);
  await context.close();
  return result;
}

/** Prints a first visit's files and totals against its budgets; returns the files. */
function report(assets: Asset[], path: string, budgets: { js: number; transfer?: number }): Asset[] {
  const sum = (filter: (a: Asset) => boolean, field: 'raw' | 'transferred' | 'headers') =>
    assets.filter(filter).reduce((s, a) => s + a[field], 0);
  console.log(`\nFirst visit to ${baseUrl}${path} (bytes as transferred; decoded size beside):`);
  for (const asset of [...assets].sort((a, b) => b.transferred - a.transferred)) {
    console.log(
      `  ${asset.type.padEnd(10)} ${kb(asset.transferred).padStart(6)} KB ${(asset.encoding || '-').padEnd(4)} ${kb(asset.raw).padStart(6)} KB raw  ${asset.afterLoad ? '(after the load event) ' : ''}${asset.url}`,
    );
  }
  const all = () => true;
  const total = sum(all, 'transferred') + sum(all, 'headers');
  const js = (a: Asset) => a.type === 'script';
  const jsAll = sum(js, 'transferred');
  const jsBeforeLoad = sum((a) => js(a) && !a.afterLoad, 'transferred');
  const css = sum((a) => a.type === 'stylesheet', 'transferred');
  console.log(
    `  Transferred: ${kb(total)} KB in ${assets.length} answers (${kb(sum(all, 'headers'))} KB of it headers; ${kb(sum(all, 'raw'))} KB once decoded)${
      budgets.transfer ? ` — target ≤ ${budgets.transfer} KB ${total / 1024 <= budgets.transfer ? 'OK' : 'OVER'}` : ''
    }`,
  );
  console.log(
    `  JavaScript: ${kb(jsAll)} KB in all (${kb(jsBeforeLoad)} KB before the load event) — target ≤ ${budgets.js} KB ${jsAll / 1024 <= budgets.js ? 'OK' : 'OVER'}`,
  );
  console.log(`  CSS:        ${kb(css)} KB`);
  return assets;
}

async function main(): Promise<void> {
  if (!(await reachable())) {
    console.error(
      `No store answers at ${baseUrl}. Build and start it first: npm run build && npm start (or pass another base URL).`,
    );
    process.exit(1);
  }
  const products = (await (await fetch(`${baseUrl}/products`)).json()) as { id: string | number; name: string }[];
  const productId = process.env.BENCH_PRODUCT_ID ?? (products[0] ? String(products[0].id) : null);

  const browser = await launchBrowser();
  try {
    // Warm the server's caches (catalogue answers, images) so the figures are the browser's.
    await firstVisitAssets(browser, '/');
    const store = report(await firstVisitAssets(browser, '/'), '/', { js: JS_BUDGET_KB, transfer: TRANSFER_BUDGET_KB });
    const adminFiles = store.filter((asset) => asset.admin).map((asset) => asset.url);
    console.log(`  Back-office code in it: ${adminFiles.length ? `${adminFiles.join(', ')} — OVER` : 'none — OK'}`);
    report(await firstVisitAssets(browser, '/admin/login'), '/admin/login', { js: ADMIN_JS_BUDGET_KB });

    const paths = ['/', ...(productId ? [`/product/${encodeURIComponent(productId)}`] : [])];
    if (!productId) console.log('\n(No product in the catalogue: /product/{id} skipped.)');
    console.log(
      `\nLargest contentful paint, ${RUNS} fresh visits each (viewport ${VIEWPORT.width}×${VIEWPORT.height}):`,
    );
    for (const path of paths) {
      await lcpOnce(browser, path); // warm-up, not counted
      const runs: { ms: number; element: string }[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lcpOnce(browser, path));
      const value = median(runs.map((r) => r.ms));
      const elements = [...new Set(runs.map((r) => r.element))].join(', ');
      console.log(
        `  ${path.padEnd(50)} median ${value.toFixed(0).padStart(5)} ms  (runs: ${runs.map((r) => r.ms.toFixed(0)).join(', ')}; element: ${elements}) — target ≤ ${LCP_BUDGET_MS} ms ${value <= LCP_BUDGET_MS ? 'OK' : 'OVER'}`,
      );
    }
  } finally {
    await browser.close();
  }
}

await main();
