import { expect, test } from './fixtures';
import { RequestsPage } from './pages/requests-page';
import { DEMO_PASSWORD, SignInPage } from './pages/sign-in-page';

test('a bank user is created through approval, disabled and enabled, and deleted only with the password or a code', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const username = `amani.${n}`;
  const name = `Amani Mushi ${n}`;

  // The maker: a new bank user is only a request.
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/users');
  await page.getByRole('button', { name: 'New bank user' }).click();
  const form = page.getByRole('form', { name: 'New bank user' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email').fill(`${username}@sadakabank.co.tz`);
  await form.getByLabel('Phone number').fill(`0689${n}`);
  await form.getByLabel('Role group').selectOption({ label: 'Bank Administrator' });
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(username);
  await page.getByRole('search', { name: 'Find users' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No user found')).toBeVisible();

  // The checker approves it; the user now exists.
  const checkerContext = await browser.newContext();
  const checkerPage = await checkerContext.newPage();
  await new SignInPage(checkerPage).signIn('checker');
  const requests = new RequestsPage(checkerPage);
  await requests.open('?type=bank-user');
  await checkerPage.getByRole('link', { name: new RegExp(username.replace('.', '\\.')) }).click();
  await requests.decide('Approve', '');
  await expect(requests.statusBadge()).toHaveText('Approved');

  await checkerPage.goto('/en/users');
  await checkerPage.getByLabel('Search', { exact: true }).fill(username);
  await checkerPage.getByRole('search', { name: 'Find users' }).getByRole('button', { name: 'Search' }).click();
  const row = checkerPage.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Activated');
  await expect(row).toContainText('Bank Administrator');

  await row.getByRole('button', { name: `Disable ${name}` }).click();
  // A native modal <dialog> (the browser makes the page behind inert): focus starts on Cancel,
  // Escape cancels and focus goes back to the button that asked.
  const question = checkerPage.getByRole('alertdialog');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await question.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
  await checkerPage.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Disable' })).toBeFocused();
  await checkerPage.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Disable ${name}` })).toBeFocused();
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  // Disabling someone needs the actor's own password again (ADR 015).
  await checkerPage.getByRole('alertdialog').getByLabel('Your password').fill(DEMO_PASSWORD);
  await checkerPage.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: `Enable ${name}` }).click();
  await expect(row).toContainText('Activated');

  // Deleting asks for proof: a code texted to the checker's phone, or the checker's password.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = checkerPage.getByRole('alertdialog', { name: `Delete ${name}?` });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Send code to my phone' }).click();
  await expect(dialog.getByRole('status')).toHaveText('A confirmation code was sent to your phone');
  await dialog.getByText('My password').click();
  await dialog.getByLabel('Your password').fill('Not-the-password1!');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The current password is wrong');
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(checkerPage.getByText('The user was deleted')).toBeVisible();
  await expect(checkerPage.getByText('No user found')).toBeVisible();
  await checkerContext.close();
});
