import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { openBatchOffline } from './fixtures/offline-desk';
import { serverReceipts, tokenOf } from './pages/desk-api';
import { DEMO_PASSWORD, SignInPage } from './pages/sign-in-page';

test('the session ends while receipts wait offline: nothing is lost, they sync after signing in again', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const { token, members: [member], desk, batchId } = await openBatchOffline(page, context);
  const numbers = [
    await desk.record({ member: { search: member!.code, name: new RegExp(member!.firstName) }, lines: [{ amount: '8000' }] }),
    await desk.record({ walkIn: { name: 'Mgeni Saidi', phone: '0713 222 333' }, lines: [{ amount: '1500' }] }),
  ];
  const batchUrl = page.url();

  // The session is revoked elsewhere (signed out from another device) while this one is offline.
  const elsewhere = await playwrightRequest.newContext({ baseURL });
  expect((await elsewhere.get('/api/logout', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
  expect((await elsewhere.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

  await context.setOffline(false);
  const notice = page.getByRole('alert').filter({ hasText: 'Your session has ended' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  for (const number of numbers) await expect(desk.envelopeRow(number)).toContainText('Pending on this device');
  await notice.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await new SignInPage(page).submit('treasurer', DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.goto(batchUrl);
  for (const number of numbers) await expect(desk.envelopeRow(number)).toContainText('Synced', { timeout: 30_000 });
  const fresh = await tokenOf(page);
  const synced = await serverReceipts(elsewhere, fresh, { batchId });
  expect(synced.count).toBe(2);
  expect(synced.data.map((row) => row.amount).sort((a, b) => a - b)).toEqual([150_000, 800_000]);
  await elsewhere.dispose();
});
