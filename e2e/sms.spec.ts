import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { tokenOf } from './pages/desk-api';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

/** The Africa's Talking simulator the e2e server started (scripts/e2e.mjs picks its port). */
const simulator = `http://127.0.0.1:${process.env.SIMULATOR_PORT}`;

test('a treasurer sends a zone an SMS with a placeholder, reads it in the simulated inbox, and resends a failed delivery', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('treasurer');
  const auth = { Authorization: `Bearer ${await tokenOf(page)}` };
  const profile = (await (await page.request.get('/api/profile', { headers: auth })).json()) as { entityId: number };

  // A zone of this church with two members of its own (the demo zones' members have other phones).
  const tag = String(Date.now()).slice(-6);
  const zone = await page.request.post('/api/zones', { headers: auth, data: { name: `Kanda SMS ${tag}` } });
  expect(zone.status()).toBe(201);
  const zoneId = ((await zone.json()) as { id: number }).id;
  const [neema, baraka] = [`+25571${tag}1`, `+25571${tag}2`];
  const synced = await page.request.post('/api/members/sync', {
    headers: auth,
    data: {
      members: [
        { id: randomUUID(), institutionId: profile.entityId, firstName: 'Neema', lastName: `Sms${tag}`, phone: neema, gender: 'female', preferredLanguage: 'sw', country: 'TZ', zoneId },
        { id: randomUUID(), institutionId: profile.entityId, firstName: 'Baraka', lastName: `Sms${tag}`, phone: baraka, gender: 'male', preferredLanguage: 'en', country: 'TZ', zoneId },
      ],
    },
  });
  expect(synced.status()).toBe(200);
  // Baraka's phone will report a failed delivery once (the simulator's scripted outcome).
  expect((await page.request.post(`${simulator}/script?phone=${encodeURIComponent(baraka)}&outcome=deliveryFailed`)).status()).toBe(204);

  await page.goto('/en/sms');
  const composer = page.getByRole('form', { name: 'New SMS' });
  await composer.getByRole('radio', { name: 'A zone or group' }).check();
  await composer.getByLabel('Zone or group', { exact: true }).selectOption({ label: `Kanda SMS ${tag} (2 members)` });
  await composer.getByLabel('Message', { exact: true }).fill('Habari ');
  await composer.getByRole('button', { name: '{name}' }).click();
  await composer.getByLabel('Message', { exact: true }).press('End');
  await composer.getByLabel('Message', { exact: true }).pressSequentially(', karibu kwenye harambee Jumapili.');
  await expect(composer.getByTestId('sms-meter')).toContainText('1 SMS part(s), standard characters');
  await expect(composer.getByTestId('sms-cost')).toContainText('This send costs 2 SMS from the balance.');
  expect(await blockingAxeFindings(page, 'sms composer')).toEqual([]);
  await composer.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page).toHaveURL(/\/en\/sms\/\d+$/);

  // The placeholder is filled for each person, and the phone received it.
  await expect.poll(async () => ((await (await page.request.get(`${simulator}/inbox.json?phone=${encodeURIComponent(neema)}`)).json()) as Array<{ message: string }>).map((sms) => sms.message), { timeout: 20_000 }).toEqual([
    `Habari Neema Sms${tag}, karibu kwenye harambee Jumapili.`,
  ]);
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByRole('row').filter({ hasText: neema })).toContainText('Delivered', { timeout: 20_000 });
  await expect(recipients.getByRole('row').filter({ hasText: baraka })).toContainText('Failed', { timeout: 20_000 });
  await expect(recipients.getByRole('row').filter({ hasText: baraka })).toContainText('DeliveryFailure');
  expect(await blockingAxeFindings(page, 'sms send')).toEqual([]);

  // Resend the failed: only Baraka gets a second message, and it arrives.
  await page.getByRole('button', { name: 'Resend failed' }).click();
  await expect(page.getByText('Sending again to 1 people.')).toBeVisible();
  await expect(recipients.getByRole('row').filter({ hasText: baraka })).toContainText('Delivered', { timeout: 20_000 });
  const inbox = async (phone: string) => ((await (await page.request.get(`${simulator}/inbox.json?phone=${encodeURIComponent(phone)}`)).json()) as unknown[]).length;
  expect(await inbox(baraka)).toBe(2);
  expect(await inbox(neema)).toBe(1);
  // Every state of the send panel, not only the first: after the resend has completed too.
  expect(await blockingAxeFindings(page, 'sms send after resend')).toEqual([]);

  // The send is listed, and the failed SMS list still shows the first attempt.
  await page.goto('/en/sms?tab=sends');
  await expect(page.getByRole('table', { name: 'Sent SMS' })).toContainText(`Kanda SMS ${tag}`);
  expect(await blockingAxeFindings(page, 'sent sms')).toEqual([]);
  await page.getByRole('tab', { name: 'Failed SMS' }).click();
  await expect(page.getByRole('table', { name: 'Failed SMS' })).toContainText(baraka);
  expect(await blockingAxeFindings(page, 'failed sms')).toEqual([]);
});
