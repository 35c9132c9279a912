import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The demo users' password (scripts/start.mjs prints it; the seed sets it). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Sadaka@2026';

/** Debian's Chromium, with the background work that would add noise to a timing switched off. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** A context as a person in Dar es Salaam would have it, on `baseURL`. */
export function eastAfricanContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'en-TZ', timezoneId: 'Africa/Dar_es_Salaam' });
}

/** Signs a demo user in through the English sign-in page and waits for the menu. */
export async function signInAsDemoUser(page: Page, username: string): Promise<void> {
  await page.goto('/en');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}
