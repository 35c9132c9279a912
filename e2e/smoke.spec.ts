import { expect, test } from './fixtures';

test('the API is up on the real database', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toMatchObject({ status: 'ok' });
});

test('the app loads at / and shows the sign-in form', async ({ page }) => {
  await page.goto('/');
  const password = page.locator('input[type="password"]');
  await expect(password).toBeVisible();
  await expect(page.locator('form input:not([type="password"]):not([type="checkbox"]):not([type="hidden"])').first()).toBeVisible();
  await expect(page.locator('form button[type="submit"], form button:not([type])').first()).toBeVisible();
});
