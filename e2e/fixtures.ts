import { test as base, expect, type Page } from '@playwright/test';
import { demoUsers } from '../server/db/seed/demo-users';

/** The seeded sign-ins; the e2e server runs with the default DEMO_PASSWORD unless told otherwise. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Sadaka@2026';
export type DemoUsername = (typeof demoUsers)[number]['username'];
export const demo = Object.fromEntries(demoUsers.map((user) => [user.username, user])) as Record<string, (typeof demoUsers)[number]>;

type Fixtures = {
  /** Collects uncaught page errors; a test fails if the app threw. */
  pageErrors: Error[];
};

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }: { page: Page }, use: (errors: Error[]) => Promise<void>) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
