import { expect, test } from './fixtures';
import { SignInPage } from './pages/sign-in-page';

test('currencies keep four decimals and who set the value; reports export through the server', async ({ page }) => {
  await new SignInPage(page).signIn('admin');

  await page.goto('/en/settings/currencies');
  await page.getByRole('button', { name: 'New currency' }).click();
  const form = page.getByRole('form', { name: 'New currency' });
  await form.getByLabel('Territory').fill('Zambia');
  await form.getByLabel('Alphabetic code').fill('ZMW');
  await form.getByLabel('Numeric code').fill('967');
  await form.getByLabel('Value').fill('105.12345');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a positive value with at most 4 decimals')).toBeVisible();
  await form.getByLabel('Value').fill('105.1234');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: 'ZMW' });
  await expect(row).toContainText('105.1234');
  await expect(row).toContainText('Agnes Mushi');

  await row.getByRole('button', { name: 'Edit ZMW' }).click();
  const edit = page.getByRole('form', { name: 'Edit ZMW' });
  await edit.getByLabel('Value').fill('106.5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('106.5000');

  // A staff referrer is known by employee number; its code then shows in the referral report's list.
  await page.goto('/en/reports/referrals');
  await page.getByRole('button', { name: 'New referrer' }).click();
  const referrer = page.getByRole('form', { name: 'New referrer' });
  await referrer.getByLabel('Name', { exact: true }).fill('Zawadi Kileo');
  await referrer.getByRole('button', { name: 'Save' }).click();
  await expect(referrer.getByText('Staff referrers need an employee number; freelancers need a phone number')).toBeVisible();
  await referrer.getByLabel('Employee number').fill('EMP-4471');
  await referrer.getByLabel('Referral code (optional)').fill('ZAWADI1');
  await referrer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Referrers' }).getByRole('row').filter({ hasText: 'ZAWADI1' })).toContainText('EMP-4471');

  await page.goto('/en/reports/registrations');
  await expect(page.getByRole('list', { name: 'Registrations by state' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('registrations.csv');
});
