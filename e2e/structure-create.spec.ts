import { expect, test } from './fixtures';
import { RequestsPage } from './pages/requests-page';
import { SignInPage } from './pages/sign-in-page';

// A spare account "at the bank" that no other spec uses (plan-approvals.ts seeds twenty).
const SPARE_ACCOUNT = '0101777000007';

test('a union administrator asks for a church under a district; it appears in the structure only after a bank checker approves', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const n = `${Date.now() % 100_000}`.padStart(5, '0');
  const title = `Kanisa la Tegeta ${n}`;
  await new SignInPage(page).signIn('union');
  await page.goto('/en/structure');
  await page.getByRole('link', { name: 'East Coast Tanzania Union', exact: true }).click();
  await page.getByRole('link', { name: 'Coastal Field', exact: true }).click();
  await page.getByRole('link', { name: 'Kinondoni District', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Structure: Kinondoni District' })).toBeVisible();
  const districtUrl = page.url();

  // The maker: the form goes out as a request, nothing is created yet.
  await page.getByRole('button', { name: 'Add an institution under Kinondoni District' }).click();
  const form = page.getByRole('form', { name: 'New institution under Kinondoni District' });
  await form.getByLabel('Name', { exact: true }).fill(title);
  await form.getByLabel('Abbreviation').fill(`T${n}`);
  await form.getByLabel('Region').fill('Dar es Salaam');
  await form.getByLabel('District').fill('Kinondoni');
  await form.getByLabel('Street').fill('Tegeta Kibaoni');
  await form.getByLabel('Account number').fill(SPARE_ACCOUNT);
  await form.getByLabel("Default user's name").fill('Yohana Mollel');
  await form.getByLabel("Default user's phone").fill(`+2557160${n}`);
  await form.getByLabel("Default user's email").fill(`yohana.${n}@example.co.tz`);
  // The church level's custom fields are asked (seeded: "Year founded", four digits), checked as the server does.
  await form.getByLabel('Year founded').fill('87');
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(form.getByText('Year founded is not valid')).toBeVisible();
  await form.getByLabel('Year founded').fill('1987');
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();
  await expect(form).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Structure: Kinondoni District' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);

  // The checker, a second person at the bank, approves the application.
  const checkerContext = await browser.newContext();
  const checkerPage = await checkerContext.newPage();
  await new SignInPage(checkerPage).signIn('checker');
  const requests = new RequestsPage(checkerPage);
  await requests.open('?type=application');
  await checkerPage.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(checkerPage.getByRole('heading', { name: `Application: ${title}` })).toBeVisible();
  await expect(requests.statusBadge()).toHaveText('Requested');
  await requests.decide('Approve', 'Account and default user checked');
  await expect(requests.statusBadge()).toHaveText('Approved');
  await checkerContext.close();

  // Now the church is in the structure, under the district, active.
  await page.goto(districtUrl);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`T${n}`);
  await row.getByRole('link', { name: `Profile of ${title}` }).click();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  // The answer given on the form was stored at approval and shows on the profile (/entity/{id}).
  await expect(page).toHaveURL(/\/en\/entity\/\d+$/);
  const fields = page.getByRole('region', { name: 'Custom fields' });
  await expect(fields.getByText('Year founded')).toBeVisible();
  await expect(fields.getByText('1987', { exact: true })).toBeVisible();
});
