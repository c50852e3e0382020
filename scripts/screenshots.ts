// Screenshots of the running store in each language, theme and screen size, for a person to look
// at (and for the README). Usage: tsx scripts/screenshots.ts [baseUrl] [outDir] [path…]
// Back-office paths (/admin…) are taken signed in, on a desktop and a 1024-px tablet, with
// ADMIN_USERNAME / ADMIN_PASSWORD from the environment; storefront paths on a desktop and a
// 390-px phone.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../e2e/support/browser';

const [baseUrl = 'http://localhost:3000', outDir = 'docs/screenshots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/'];
const storeViewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const adminViewports = { desktop: { width: 1280, height: 800 }, tablet: { width: 1024, height: 768 } };

/** The browser storage a page starts with: the language and theme, and for the back office a session. */
type Storage = Record<string, string>;

async function adminSession(): Promise<Storage> {
  const username = process.env.ADMIN_USERNAME;
  const password = process.env.ADMIN_PASSWORD;
  if (!username || !password) throw new Error('Set ADMIN_USERNAME and ADMIN_PASSWORD to take back-office screenshots');
  const answer = await fetch(new URL('/api/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!answer.ok) throw new Error(`Sign-in refused: ${answer.status}`);
  const { token, user } = (await answer.json()) as { token: string; user: unknown };
  return { 'admin-token': token, 'admin-user': JSON.stringify(user) };
}

mkdirSync(outDir, { recursive: true });
const session = pages.some((p) => p.startsWith('/admin')) ? await adminSession() : {};
const browser = await launchBrowser();
try {
  for (const pagePath of pages) {
    const admin = pagePath.startsWith('/admin');
    for (const language of ['ar', 'en', 'fr']) {
      for (const theme of ['light', 'dark']) {
        for (const [device, viewport] of Object.entries(admin ? adminViewports : storeViewports)) {
          const storage: Storage = admin
            ? { ...session, 'admin-language': language, 'admin-theme': theme }
            : { 'store-language': language, theme };
          const context = await browser.newContext({ viewport, colorScheme: theme as 'light' | 'dark' });
          await context.addInitScript((items: Storage) => {
            for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
          }, storage);
          const page = await context.newPage();
          await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
          const name = `${pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${language}-${theme}-${device}.png`;
          await page.screenshot({ path: path.join(outDir, name), fullPage: device === 'desktop' });
          await context.close();
          console.log(path.join(outDir, name));
        }
      }
    }
  }
} finally {
  await browser.close();
}
