import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

test('an admin opens the structure, drills into a church and opens its profile with its custom field values', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/structure');
  await expect(page.getByRole('heading', { name: 'Structure', level: 2 })).toBeVisible();
  const top = page.getByRole('table', { name: 'Structure' });
  const union = top.getByRole('row', { name: /East Coast Tanzania Union/ });
  // The union's counts cover its whole subtree: several institutions below it and members.
  await expect(union.getByRole('cell').nth(2)).not.toHaveText('0');
  await union.getByRole('link', { name: 'East Coast Tanzania Union', exact: true }).click();
  await page.getByRole('link', { name: 'Coastal Field', exact: true }).click();
  await page.getByRole('link', { name: 'Kinondoni District', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Structure: Kinondoni District' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Levels above' });
  await expect(crumbs.getByRole('link', { name: 'Coastal Field', exact: true })).toBeVisible();
  const church = page.getByRole('row', { name: /Mwenge Church/ });
  await expect(church).toContainText('MWG');
  expect(await blockingAxeFindings(page, '/en/structure/{id}')).toEqual([]);

  // A search finds the church from the top, by code.
  await crumbs.getByRole('link', { name: 'Top' }).click();
  const search = page.getByRole('search', { name: 'Find a church or mosque' });
  await search.getByLabel('Name or code').fill('snz');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Search results' }).getByRole('row', { name: /Sinza Church/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();

  await page.goBack();
  await page.getByRole('link', { name: 'Profile of Mwenge Church' }).click();
  await expect(page.getByRole('heading', { name: 'Mwenge Church', level: 2 })).toBeVisible();
  const fields = page.getByRole('region', { name: 'Custom fields' });
  await expect(fields.getByText('Registration number')).toBeVisible();
  await expect(fields.getByText(/^SO-MWG-\d{4}$/)).toBeVisible();
  await expect(fields.getByText('Year founded')).toBeVisible();
  await expect(fields.getByText(/^(19|20)\d\d$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bank accounts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Offering types' })).toContainText('Zaka (Tithe)');
  expect(await blockingAxeFindings(page, '/en/entity/{id}')).toEqual([]);
});

test('a bank admin sees the default custom field without a remove button and adds a field to a level', async ({ page }) => {
  test.setTimeout(90_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/settings/levels');
  await expect(page.getByRole('heading', { name: 'Levels and custom fields', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Custom fields of Church' }).click();
  const fields = page.getByRole('table', { name: 'Custom fields of Church' });
  const defaultRow = fields.getByRole('row', { name: /Registration number/ });
  await expect(defaultRow).toContainText('default');
  await expect(defaultRow.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(fields.getByRole('row', { name: /Year founded/ }).getByRole('button', { name: 'Remove Year founded' })).toBeVisible();
  // A level that holds churches offers no removal either.
  await expect(page.getByRole('button', { name: 'Remove Church' })).toHaveCount(0);

  const label = `Choir ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'New custom field' }).click();
  const form = page.getByRole('form', { name: 'New custom field' });
  await form.getByLabel('Label').fill(label);
  await form.getByLabel('Data type').selectOption({ label: 'Choice' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('A choice field needs at least one item');
  await form.getByLabel('Items, one per line').fill('Yes\nNo');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(fields.getByRole('row', { name: new RegExp(label) })).toContainText('Yes, No');
  expect(await blockingAxeFindings(page, '/en/settings/levels')).toEqual([]);
});

test('a union administrator corrects a church custom field: a bad value is refused in the form, a good one shows', async ({ page }) => {
  test.setTimeout(90_000);
  await new SignInPage(page).signIn('union');
  await page.goto('/en/entity');
  const filters = page.getByRole('search', { name: 'Find churches and mosques' });
  await filters.getByLabel('Name or code').fill('mwenge');
  await filters.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Mwenge Church', exact: true }).click();
  await page.getByRole('button', { name: 'Edit custom fields' }).click();
  const form = page.getByRole('form', { name: 'Edit custom fields' });
  await form.getByLabel('Year founded').fill('19x5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Year founded is not valid')).toBeVisible();
  await form.getByLabel('Year founded').fill('1999');
  await form.getByLabel('Service language').selectOption('English');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const fields = page.getByRole('region', { name: 'Custom fields' });
  await expect(fields.getByText('1999', { exact: true })).toBeVisible();
  await expect(fields.getByText('English', { exact: true })).toBeVisible();
});
