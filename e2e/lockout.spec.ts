import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/sign-in-page';

// The e2e server trusts X-Forwarded-For (TRUST_PROXY=true, as behind a load balancer), so this
// spec can lock its own made-up network address without locking the other specs out.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });

test('too many wrong passwords from one network reach the locked page', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 25 && !statuses.includes(423); attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/login'));
    await signIn.submit(`stranger${attempt}`, 'Wrong#Pass1');
    statuses.push((await answer).status());
  }
  // Wrong passwords are refused one by one, then the whole address is locked.
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.at(-1)).toBe(423);
  await expect(page).toHaveURL(/\/en\/locked$/);
  await expect(page.getByRole('heading', { name: 'Locked' })).toBeVisible();
  await expect(page.getByText(/temporarily locked/i)).toBeVisible();
});
