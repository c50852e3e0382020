import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { openProfile, type OpenPage, type ProfileOptions } from './store';

// Shared set-up of the back-office browser tests: fresh profiles on an /admin page, signing in
// through the form, and axe-core run inside the page.

export type AdminPage = OpenPage;

/** A fresh profile (no stored session; `storage` written before the app starts) opened at `path`. */
export function openAdmin(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: Omit<ProfileOptions, 'height' | 'setup'> = {},
): Promise<AdminPage> {
  return openProfile(browser, baseUrl, path, { ...options, height: 860 });
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

/** The browser storage of a signed-in admin (through the real login), to open a page already signed in. */
export async function signedInStorage(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`login as ${credentials.username}: ${login.status}`);
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  return { 'admin-token': token, 'admin-user': JSON.stringify(user) };
}
