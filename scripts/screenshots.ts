// Screenshots of the running store in each language, theme and screen size, for a person to look
// at (and for the README). Usage: tsx scripts/screenshots.ts [baseUrl] [outDir] [path…]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../e2e/support/browser';

const [baseUrl = 'http://localhost:3000', outDir = 'docs/screenshots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/'];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };

mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const pagePath of pages) {
    for (const language of ['ar', 'en', 'fr']) {
      for (const theme of ['light', 'dark']) {
        for (const [device, viewport] of Object.entries(viewports)) {
          const context = await browser.newContext({ viewport, colorScheme: theme as 'light' | 'dark' });
          await context.addInitScript(
            ([lang, th]) => {
              localStorage.setItem('store-language', lang!);
              localStorage.setItem('theme', th!);
            },
            [language, theme],
          );
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
