// bench/web: what a shopper's visit costs on a phone on a slow network (docs/benchmarks.md#web-bench). After
// `npm run build`, against the running app (`npm start`), in headless Chromium emulating a phone (390×844 CSS px,
// device pixel ratio 1.75, touch, Arabic) with Lighthouse's mobile throttling applied through CDP: 562.5 ms of
// latency a request, 1,474.56 kbit/s down, 675 kbit/s up, the CPU slowed 4×. For /, /store, a category and a
// product page, the median over BENCH_RUNS (5) fresh visits (a fresh browser context each, nothing cached) of
//   - the bytes transferred (CDP's encodedDataLength: bodies as they came over the wire, and headers);
//   - the largest contentful paint (PerformanceObserver, buffered, read once the page has been quiet 5 s);
//   - the time to interactive, a simplification of Lighthouse's (see timeToInteractive);
// for the app and, side by side, for the floor: the same answers, byte for byte, served by a bare node:http server
// of the bench's own (see startFloor), so that the difference is the app server's, not the network's.
// Besides: whether images are sized for the screen (Lighthouse's rule, see oversizedImages), the first visit to / by
// type, whether any of its JavaScript is the back office's, and the JavaScript of /admin/login.
// Targets (the issue "Arabic first, on a phone, on a slow network"; issues 6 and 14 for the JavaScript): ≤ 170 KB
// transferred for the first visit to /, LCP ≤ 2.5 s on each page, images sized for the screen; ≤ 150 KB of
// JavaScript for /, ≤ 250 KB for /admin/login.
// Run: npm run build && npm start, then in another shell: npm run bench:web [baseUrl]
//   BENCH_URL (or the first argument) defaults to http://localhost:3000; BENCH_RUNS (5).
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';

const baseUrl = (process.argv[2] ?? process.env.BENCH_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRANSFER_BUDGET_KB = 170;
const LCP_BUDGET_MS = 2500;
const JS_BUDGET_KB = 150;
const ADMIN_JS_BUDGET_KB = 250;
const LANGUAGE = 'ar';

/** A phone, as Lighthouse's mobile run sees one (its moto g power is 412×823 at 1.75; this is a 390×844 phone). */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'ar-DZ',
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};
/** Lighthouse's mobile throttling ("Slow 4G", DevTools method): kbit/s given in bytes/s as CDP wants them. */
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** Lighthouse's TTI: a 5 s window with no long task and at most 2 requests in flight. */
const QUIET_MS = 5000;
const QUIET_REQUESTS = 2;
/** The longest a visit waits for that window after the load event. */
const SETTLE_LIMIT_MS = 60_000;
/** Lighthouse's "Properly size images" ignores images that waste less than this. */
const IMAGE_WASTE_IGNORED_BYTES = 4096;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sec = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '—');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** One request of a visit, times in ms on the page's clock (0 = navigation start). */
interface NetworkRequest {
  url: string;
  /** CDP's resource type: Document, Script, Stylesheet, Fetch, Image… */
  type: string;
  start: number;
  /** Infinity while unfinished. */
  end: number;
  /** Body as transferred plus headers (CDP's encodedDataLength). */
  bytes: number;
  /** As CDP saw them before the network stack added its own (Accept-Encoding among them). */
  requestHeaders: Record<string, string>;
}

interface ImageFit {
  url: string;
  natural: string;
  shown: string;
  wastedBytes: number;
}

interface Visit {
  bytes: number;
  requests: NetworkRequest[];
  fcp: number;
  lcp: number;
  lcpElement: string;
  lcpUrl: string;
  tti: number;
  load: number;
  longTasks: [number, number][];
  images: ImageFit[];
}

/** What the page records about itself from the first line of the document (read with readPageState). */
interface PageState {
  lcp: number;
  lcpElement: string;
  lcpUrl: string;
  longTasks: [number, number][];
  fcp: number;
  load: number;
  now: number;
  timeOrigin: number;
}

// Installed before any script of the page. Callbacks stay anonymous: tsx would wrap named ones in a helper the page
// does not have.
function instrumentPage(): void {
  const state = { lcp: 0, lcpElement: '', lcpUrl: '', longTasks: [] as [number, number][] };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url: string })[]) {
      const element = entry.element;
      state.lcp = entry.startTime;
      state.lcpUrl = entry.url;
      state.lcpElement = element
        ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}`
        : '(removed from the page)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

async function readPageState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const state = (
      window as unknown as {
        __bench: { lcp: number; lcpElement: string; lcpUrl: string; longTasks: [number, number][] };
      }
    ).__bench;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      ...state,
      longTasks: [...state.longTasks],
      fcp: fcp ? fcp.startTime : NaN,
      load: navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : NaN,
      now: performance.now(),
      timeOrigin: performance.timeOrigin,
    };
  });
}

/** The most requests in flight at any instant of [from, to]. */
function mostInFlight(requests: NetworkRequest[], from: number, to: number): number {
  let inFlight = requests.filter((r) => r.start <= from && r.end > from).length;
  let most = inFlight;
  const changes = requests
    .flatMap((r): [number, number][] => [
      [r.start, 1],
      [r.end, -1],
    ])
    .filter(([at]) => at > from && at < to)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [, change] of changes) {
    inFlight += change;
    most = Math.max(most, inFlight);
  }
  return most;
}

/**
 * Time to interactive, a simplification of Lighthouse's (docs/benchmarks.md#web-bench): the end of the last long
 * task (over 50 ms, PerformanceObserver 'longtask') before the first 5 s window that has no long task and at most 2
 * requests in flight throughout, or FCP when no long task comes before that window; never earlier than FCP. Unlike
 * Lighthouse it reads long tasks from the page rather than a trace, and requests from CDP's network events rather than
 * a simulated network. Undefined until such a window has been seen whole (`now` is how far the visit has run).
 */
function timeToInteractive(
  fcp: number,
  longTasks: [number, number][],
  requests: NetworkRequest[],
  now: number,
): number | undefined {
  if (!Number.isFinite(fcp)) return undefined;
  const candidates = [fcp, ...longTasks.map(([, end]) => end).filter((end) => end > fcp)].sort((a, b) => a - b);
  for (const interactive of candidates) {
    if (longTasks.some(([start, end]) => start < interactive && end > interactive)) continue;
    const nextTask = Math.min(...longTasks.map(([start]) => start).filter((start) => start >= interactive));
    const seenUntil = Math.min(nextTask, now);
    // The window may open later than the CPU went quiet, once the network has: at a request's end.
    const openings = [interactive, ...requests.map((r) => r.end).filter((end) => end > interactive)].sort(
      (a, b) => a - b,
    );
    for (const opening of openings) {
      if (opening + QUIET_MS > seenUntil) break;
      if (mostInFlight(requests, opening, opening + QUIET_MS) <= QUIET_REQUESTS) return interactive;
    }
  }
  return undefined;
}

/**
 * Lighthouse's "Properly size images" rule: an image wastes its transfer size times the share of its pixels the
 * screen does not show (its displayed CSS size times the device pixel ratio); it is sized for the screen when that is
 * under 4 KiB. Only <img> elements that loaded and take up room are looked at (not CSS backgrounds).
 */
async function oversizedImages(page: Page, requests: NetworkRequest[]): Promise<ImageFit[]> {
  const shown = await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((image) => image.complete && image.naturalWidth > 0 && image.getBoundingClientRect().width > 0)
        .map(async (image) => {
          const box = image.getBoundingClientRect();
          // The file's own pixels: with a srcset, naturalWidth is divided by the candidate's density.
          const file = new Image();
          file.src = image.currentSrc;
          await file.decode();
          return {
            url: image.currentSrc,
            naturalWidth: file.naturalWidth,
            naturalHeight: file.naturalHeight,
            width: box.width,
            height: box.height,
            ratio: window.devicePixelRatio,
          };
        }),
    ),
  );
  return shown.map((image) => {
    const transferred = requests.find((r) => r.url === image.url)?.bytes ?? 0;
    const usedPixels = image.width * image.ratio * image.height * image.ratio;
    const naturalPixels = image.naturalWidth * image.naturalHeight;
    return {
      url: image.url.replace(/^https?:\/\/[^/]+/, ''),
      natural: `${image.naturalWidth}×${image.naturalHeight}`,
      shown: `${Math.round(image.width)}×${Math.round(image.height)} CSS px at ${image.ratio}×`,
      wastedBytes: Math.round(transferred * Math.max(0, 1 - usedPixels / naturalPixels)),
    };
  });
}

/** Records every request of the page through CDP, on the page's clock once the document's request is known. */
function recordNetwork(session: CDPSession) {
  const byId = new Map<string, NetworkRequest & { monotonic: number }>();
  let navigation: { monotonic: number; wallMs: number } | undefined;
  session.on('Network.requestWillBeSent', (event) => {
    if (!navigation && event.type === 'Document')
      navigation = { monotonic: event.timestamp, wallMs: event.wallTime * 1000 };
    byId.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      requestHeaders: Object.fromEntries(Object.entries(event.request.headers).map(([k, v]) => [k.toLowerCase(), v])),
      monotonic: event.timestamp,
      start: NaN,
      end: Infinity,
      bytes: 0,
    });
  });
  session.on('Network.loadingFinished', (event) => {
    const request = byId.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp;
    request.bytes = event.encodedDataLength;
  });
  session.on('Network.loadingFailed', (event) => {
    const request = byId.get(event.requestId);
    if (request) request.end = event.timestamp;
  });
  /** The requests so far, their times moved onto the page's clock (timeOrigin: performance.timeOrigin). */
  return (timeOrigin: number): NetworkRequest[] => {
    if (!navigation) return [];
    const { monotonic, wallMs } = navigation;
    const onPageClock = (timestamp: number) => wallMs - timeOrigin + (timestamp - monotonic) * 1000;
    return [...byId.values()].map(({ monotonic: sent, ...request }) => ({
      ...request,
      start: onPageClock(sent),
      end: Number.isFinite(request.end) ? onPageClock(request.end) : Infinity,
    }));
  };
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(instrumentPage);
  return context;
}

/** One throttled visit in a fresh context: waits for the load, then for TTI's quiet window, then reads the page. */
async function throttledVisit(browser: Browser, url: string): Promise<Visit> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const requestsSoFar = recordNetwork(session);
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', NETWORK);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    let state = await readPageState(page);
    let tti = timeToInteractive(state.fcp, state.longTasks, requestsSoFar(state.timeOrigin), state.now);
    while (tti === undefined && state.now - state.load < SETTLE_LIMIT_MS) {
      await page.waitForTimeout(1000);
      state = await readPageState(page);
      tti = timeToInteractive(state.fcp, state.longTasks, requestsSoFar(state.timeOrigin), state.now);
    }
    const requests = requestsSoFar(state.timeOrigin);
    return {
      bytes: requests.reduce((sum, r) => sum + r.bytes, 0),
      requests,
      fcp: state.fcp,
      lcp: state.lcp,
      lcpElement: state.lcpElement,
      lcpUrl: state.lcpUrl,
      // No quiet window within the limit: later than we waited, which the median and the table show as such.
      tti: tti ?? Infinity,
      load: state.load,
      longTasks: state.longTasks,
      images: await oversizedImages(page, requests),
    };
  } finally {
    await context.close();
  }
}

/** An answer of the app as it went over the wire, to be served again by the floor. */
interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Capture {
  /** By path and query. */
  answers: Map<string, CapturedAnswer>;
  /** Bytes transferred (bodies and headers) by CDP resource type. */
  bytesByType: Map<string, number>;
  /** Same-origin scripts whose decoded text calls /api/admin/: back-office code. */
  adminScripts: string[];
}

const ANSWER_HEADERS = ['content-type', 'content-encoding'];
const REQUEST_HEADERS = ['accept', 'accept-encoding', 'accept-language', 'user-agent'];
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';

/** The app's answer to a request, body as transferred: node:http does not decode it (Chromium's APIs do). */
function rawAnswer(url: string, requestHeaders: Record<string, string>): Promise<CapturedAnswer> {
  const headers = Object.fromEntries(
    REQUEST_HEADERS.flatMap((name) => (requestHeaders[name] ? [[name, requestHeaders[name]]] : [])),
  );
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 502,
          headers: answerHeaders(response.headers),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

const answerHeaders = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(ANSWER_HEADERS.flatMap((name) => (headers[name] ? [[name, String(headers[name])]] : [])));

/**
 * An un-throttled visit to the app that records every same-origin answer, then asks for each again with the headers
 * Chromium sent, through node:http, to keep its bytes as transferred. Waits for the load, the network to be idle and
 * 3 s more (the live-updates chunk is fetched once the browser is idle).
 */
async function captureVisit(browser: Browser, path: string): Promise<Capture> {
  const context = await phoneContext(browser);
  const seen: { url: string; headers: Promise<Record<string, string>>; script?: Promise<Buffer> }[] = [];
  const bytesByType = new Map<string, number>();
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const requestsSoFar = recordNetwork(session);
    await session.send('Network.enable');
    page.on('requestfinished', (request) => {
      if (!request.url().startsWith(baseUrl)) return;
      seen.push({
        url: request.url(),
        headers: request.allHeaders(),
        script: request.resourceType() === 'script' ? request.response().then((r) => r!.body()) : undefined,
      });
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    for (const request of requestsSoFar(0)) {
      bytesByType.set(request.type, (bytesByType.get(request.type) ?? 0) + request.bytes);
    }
    const answers = new Map<string, CapturedAnswer>();
    const adminScripts: string[] = [];
    for (const request of seen) {
      const key = request.url.slice(baseUrl.length);
      if (key.startsWith('/socket.io/')) continue;
      answers.set(key, await rawAnswer(request.url, await request.headers));
      if (request.script && (await request.script).includes('/api/admin/')) adminScripts.push(key);
    }
    return { answers, bytesByType, adminScripts };
  } finally {
    await context.close();
  }
}

/**
 * Captures what a throttled visit to the app asked for and the capture visits did not (an image the page chose
 * later, say), so that the floor can serve it too. Chromium's Accept-Encoding is not among the headers CDP reports
 * at that point; it is the one Chromium always sends.
 */
async function captureMissing(visit: Visit, answers: Map<string, CapturedAnswer>): Promise<void> {
  for (const request of visit.requests) {
    const key = request.url.slice(baseUrl.length);
    if (!request.url.startsWith(baseUrl) || key.startsWith('/socket.io/') || answers.has(key)) continue;
    answers.set(
      key,
      await rawAnswer(request.url, { 'accept-encoding': CHROMIUM_ENCODINGS, ...request.requestHeaders }),
    );
  }
}

/**
 * The floor: a bare node:http server serving, verbatim, the answers captured from the app (status, Content-Type,
 * Content-Encoding and the body as transferred), by path and query; anything else is a 404, counted. It has no
 * live-updates socket, so the page's WebSocket fails there (not an HTTP request, not counted).
 */
async function startFloor(
  answers: Map<string, CapturedAnswer>,
): Promise<{ server: Server; url: string; misses: Set<string> }> {
  const misses = new Set<string>();
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      if (!request.url?.startsWith('/socket.io/')) misses.add(request.url ?? '');
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.BENCH_FLOOR_PORT ?? 0), resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}`, misses };
}

interface PageFigures {
  path: string;
  app: Visit[];
  floor: Visit[];
}

/** The visit whose LCP is the median one, for its waterfall. */
const medianVisit = (visits: Visit[]) => [...visits].sort((a, b) => a.lcp - b.lcp)[Math.floor(visits.length / 2)]!;

function printTable(pages: PageFigures[]): boolean {
  console.log(
    `\nMedian of ${RUNS} fresh visits each; app | floor (the same bytes from a bare node:http server). Targets: ≤ ${TRANSFER_BUDGET_KB} KB for /, LCP ≤ ${sec(LCP_BUDGET_MS)} s.`,
  );
  console.log(
    `${'page'.padEnd(46)} ${'KB transferred'.padStart(16)} ${'LCP s'.padStart(13)} ${'TTI s'.padStart(13)}  targets`,
  );
  let allMet = true;
  for (const { path, app, floor } of pages) {
    const figures = (visits: Visit[]) => ({
      bytes: median(visits.map((v) => v.bytes)),
      lcp: median(visits.map((v) => v.lcp)),
      tti: median(visits.map((v) => v.tti)),
    });
    const a = figures(app);
    const f = figures(floor);
    const checks = [`LCP ${verdict(a.lcp <= LCP_BUDGET_MS)}`];
    if (path === '/') checks.unshift(`bytes ${verdict(a.bytes / 1024 <= TRANSFER_BUDGET_KB)}`);
    allMet &&= !checks.some((check) => check.includes('MISSED'));
    const pair = (app: string, floor: string, width: number) => `${app} | ${floor}`.padStart(width);
    console.log(
      `${path.padEnd(46)} ${pair(kb(a.bytes), kb(f.bytes), 16)} ${pair(sec(a.lcp), sec(f.lcp), 13)} ${pair(sec(a.tti), sec(f.tti), 13)}  ${checks.join(', ')}`,
    );
  }
  return allMet;
}

function printRuns(pages: PageFigures[]): void {
  console.log('\nEach visit (app; floor), in order: KB, LCP s, TTI s');
  for (const { path, app, floor } of pages) {
    const runs = (visits: Visit[]) => visits.map((v) => `${kb(v.bytes)}/${sec(v.lcp)}/${sec(v.tti)}`).join('  ');
    console.log(`  ${path}\n    app:   ${runs(app)}\n    floor: ${runs(floor)}`);
  }
}

/** Where a page's LCP time goes: its element, and every request that started before it, on the median visit. */
function printWaterfall(path: string, visit: Visit): void {
  const busy = visit.longTasks
    .filter(([start]) => start < visit.lcp)
    .reduce((sum, [start, end]) => sum + end - start, 0);
  console.log(
    `\n${path}: LCP ${sec(visit.lcp)} s on ${visit.lcpElement}${visit.lcpUrl ? ` (${visit.lcpUrl.replace(baseUrl, '')})` : ''}; FCP ${sec(visit.fcp)} s, load ${sec(visit.load)} s, long tasks before LCP ${(busy / 1000).toFixed(2)} s`,
  );
  for (const request of [...visit.requests].filter((r) => r.start < visit.lcp).sort((a, b) => a.start - b.start)) {
    console.log(
      `  ${sec(request.start).padStart(6)} → ${sec(request.end).padStart(6)} s  ${request.type.padEnd(10)} ${kb(request.bytes).padStart(6)} KB  ${request.url.replace(baseUrl, '')}`,
    );
  }
}

function printImages(pages: PageFigures[]): boolean {
  console.log(
    `\nImages sized for the screen (${PHONE.viewport.width}×${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}×; waste under ${IMAGE_WASTE_IGNORED_BYTES / 1024} KiB each, first app visit):`,
  );
  let allMet = true;
  for (const { path, app } of pages) {
    const images = app[0]!.images;
    const oversized = images.filter((image) => image.wastedBytes >= IMAGE_WASTE_IGNORED_BYTES);
    allMet &&= oversized.length === 0;
    console.log(
      `  ${path}: ${images.length} images shown, ${oversized.length} too large — ${verdict(oversized.length === 0)}`,
    );
    for (const image of images) {
      console.log(`    ${image.url}: ${image.natural} for ${image.shown}, ${kb(image.wastedBytes)} KB wasted`);
    }
  }
  return allMet;
}

function printFirstVisit(capture: Capture, path: string, jsBudgetKb: number): void {
  const total = [...capture.bytesByType.values()].reduce((sum, bytes) => sum + bytes, 0);
  const js = capture.bytesByType.get('Script') ?? 0;
  const types = [...capture.bytesByType].sort((a, b) => b[1] - a[1]).map(([type, bytes]) => `${type} ${kb(bytes)}`);
  console.log(
    `\nFirst visit to ${path} (un-throttled, KB transferred with headers): ${kb(total)} in all; ${types.join(', ')}`,
  );
  console.log(`  JavaScript ${kb(js)} KB — target ≤ ${jsBudgetKb} KB: ${verdict(js / 1024 <= jsBudgetKb)}`);
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** /, /store, the first category and the first product of the public catalogue, in Arabic. */
async function pagesToVisit(): Promise<string[]> {
  const categories = await getJson<{ data: { slug: string }[] }>(`/categories?page=1&limit=50&lang=${LANGUAGE}`);
  const products = await getJson<{ id: string }[]>(`/products?lang=${LANGUAGE}`);
  const category = categories.data[0];
  const product = products[0];
  return [
    '/',
    '/store',
    ...(category ? [`/category/${encodeURIComponent(category.slug)}`] : []),
    ...(product ? [`/product/${encodeURIComponent(product.id)}`] : []),
  ];
}

async function main(): Promise<void> {
  try {
    await getJson('/products');
  } catch {
    console.error(
      `No store answers at ${baseUrl}. Build and start it first: npm run build && npm start (or pass another base URL).`,
    );
    process.exit(1);
  }
  const paths = await pagesToVisit();
  console.log(
    `bench:web ${new Date().toISOString()} against ${baseUrl}; ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Phone ${PHONE.viewport.width}×${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}×; ${NETWORK.latency} ms latency, 1,474.56 kbit/s down, 675 kbit/s up, CPU ${CPU_SLOWDOWN}× slower`,
  );
  const browser = await launchBrowser();
  try {
    // Warm the server's caches (catalogue answers are compressed once asked twice), then capture each page.
    const answers = new Map<string, CapturedAnswer>();
    const captures = new Map<string, Capture>();
    for (const path of paths) {
      await captureVisit(browser, path);
      const capture = await captureVisit(browser, path);
      captures.set(path, capture);
      for (const [key, answer] of capture.answers) answers.set(key, answer);
    }
    const floor = await startFloor(answers);
    try {
      const pages: PageFigures[] = paths.map((path) => ({ path, app: [], floor: [] }));
      for (let run = 0; run < RUNS; run++) {
        for (const page of pages) {
          const visit = await throttledVisit(browser, `${baseUrl}${page.path}`);
          page.app.push(visit);
          await captureMissing(visit, answers);
          page.floor.push(await throttledVisit(browser, `${floor.url}${page.path}`));
        }
      }
      const timesMet = printTable(pages);
      const imagesMet = printImages(pages);
      printRuns(pages);
      console.log('\nWaterfalls of the median-LCP app visit (request start → end, on the page clock):');
      for (const page of pages) printWaterfall(page.path, medianVisit(page.app));
      if (floor.misses.size) console.log(`\nThe floor had no answer for: ${[...floor.misses].join(', ')}`);

      const home = captures.get('/')!;
      printFirstVisit(home, '/', JS_BUDGET_KB);
      console.log(
        `  Back-office code in it: ${home.adminScripts.length ? `${home.adminScripts.join(', ')} — MISSED` : 'none — met'}`,
      );
      printFirstVisit(await captureVisit(browser, '/admin/login'), '/admin/login', ADMIN_JS_BUDGET_KB);
      console.log(
        `\nLoad average at the end: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      console.log(`Targets (bytes and LCP): ${verdict(timesMet)}; images sized for the screen: ${verdict(imagesMet)}`);
    } finally {
      floor.server.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
