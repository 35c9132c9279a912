import { expect, test } from './fixtures';
import { RegistrationFlow, newApplicant } from './pages/registration-page';
import { RequestsPage } from './pages/requests-page';
import { SignInPage } from './pages/sign-in-page';

const SPARE_ACCOUNT = '0101777000002';

test('the maker of a request cannot approve it, on the page or at the server', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/users');
  await page.getByRole('button', { name: 'New bank user' }).click();
  const form = page.getByRole('form', { name: 'New bank user' });
  const n = `${Date.now() % 1_000_000}`;
  await form.getByLabel('Username').fill(`neema.${n}`);
  await form.getByLabel('Name', { exact: true }).fill('Neema Kweka');
  await form.getByLabel('Email').fill(`neema.${n}@gmail.com`);
  await form.getByLabel('Phone number').fill(`0688${n.padStart(6, '0')}`);
  await form.getByLabel('Role group').selectOption({ label: 'Branch Officer' });
  await form.getByLabel('Branch').selectOption({ label: 'Dar es Salaam (DSM)' });
  await form.getByRole('button', { name: 'Send for approval' }).click();
  // A bank user needs a bank email: the server says so beside the field.
  await expect(form.getByText(/Use a valid bank email address ending in @/)).toBeVisible();
  await form.getByLabel('Email').fill(`neema.${n}@sadakabank.co.tz`);
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();

  const requests = new RequestsPage(page);
  await requests.open('?type=bank-user');
  await page.getByRole('link', { name: new RegExp(`neema\\.${n}`) }).click();
  await expect(requests.statusBadge()).toHaveText('Requested');
  const panel = requests.decisionPanel();
  await expect(panel.getByRole('note')).toHaveText('You made this request, so another person must approve or reject it');
  await expect(panel.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();

  // The server refuses it too, in the same words, whatever the page shows.
  const id = Number(page.url().split('/').pop());
  const token = await page.evaluate(() => localStorage.getItem('sadaka.token'));
  const answer = await page.request.post(`/api/requests/${id}/approve`, { headers: { authorization: `Bearer ${token}`, lang: 'en' }, data: {} });
  expect(answer.status()).toBe(403);
  expect(((await answer.json()) as { message: string }).message).toBe('You made this request, so another person must approve or reject it');
  await page.reload();
  await expect(requests.statusBadge()).toHaveText('Requested');
});

test('a rejected registration shows as rejected with its reason, to the applicant and to the bank', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const applicant = newApplicant(SPARE_ACCOUNT, 'Temeke District');
  await new RegistrationFlow(page).registerAndSubmit(applicant);

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await new SignInPage(staffPage).signIn('branch');
  const branch = new RequestsPage(staffPage);
  await branch.open();
  await branch.openRegistrationSummary('Submitted, waiting for approval');
  const requestUrl = await branch.sendForApproval(applicant.title);
  await staff.close();

  const checkerContext = await browser.newContext();
  const checkerPage = await checkerContext.newPage();
  await new SignInPage(checkerPage).signIn('checker');
  await checkerPage.goto(requestUrl);
  const checker = new RequestsPage(checkerPage);
  // A rejection needs a reason of at most 1,000 characters.
  await checker.decisionPanel().getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(checker.decisionPanel().getByText('Reason can not be empty')).toBeVisible();
  const reason = 'The signed form does not match the account mandate';
  await checker.decide('Reject', reason);
  await expect(checker.statusBadge()).toHaveText('Rejected');
  await expect(checkerPage.getByText(reason)).toBeVisible();

  // The bank's registration summary lists it as rejected with the reason.
  await checker.open();
  await checker.openRegistrationSummary('Rejected');
  await expect(checker.registrationRow(applicant.title)).toContainText(reason);
  await checkerContext.close();

  // The applicant's summary says rejected, with the reason, and offers a new start.
  await page.reload();
  await expect(page.getByText('Rejected').first()).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a new registration' })).toBeVisible();
});
