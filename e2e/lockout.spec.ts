import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/sign-in-page';

// The e2e server trusts X-Forwarded-For (TRUST_PROXY=true, as behind a load balancer), so this
// spec can lock its own made-up network address without locking the other specs out.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });

test('too many wrong passwords from one network reach the locked page', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  for (let attempt = 0; attempt < 25; attempt += 1) {
    await signIn.submit(`stranger${attempt}`, 'Wrong#Pass1');
    const locked = page.getByRole('heading', { name: 'Locked' });
    const wrong = page.getByRole('alert');
    await expect(locked.or(wrong)).toBeVisible();
    if (await locked.isVisible()) break;
  }
  await expect(page).toHaveURL(/\/en\/locked$/);
  await expect(page.getByRole('heading', { name: 'Locked' })).toBeVisible();
  await expect(page.getByText(/temporarily locked/i)).toBeVisible();
});
