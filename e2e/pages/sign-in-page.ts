import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Sadaka@2026';

/** The sign-in page, driven in English (/en) so specs read the same words a person would. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/en');
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }

  async submit(username: string, password: string) {
    await this.page.getByLabel('Email or username').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Signs in and waits for the shell's menu. */
  async signIn(username: string, password = DEMO_PASSWORD) {
    await this.open();
    await this.submit(username, password);
    await expect(this.page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  }

  /** Signs in and returns the profile the server answered with, to compare the screen against it. */
  async signInForProfile(username: string, password = DEMO_PASSWORD): Promise<{ entity: string | null; entityCode: string | null }> {
    const answer = this.page.waitForResponse((response) => response.url().endsWith('/api/login') && response.status() === 200);
    await this.signIn(username, password);
    return ((await (await answer).json()) as { profile: { entity: string | null; entityCode: string | null } }).profile;
  }
}
