import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken } from './pages/give-page';
import { SignInPage } from './pages/sign-in-page';

type MemberRow = { id: number; names: string; phone: string };

/** A Mwenge member from the middle of the treasurer's first page (other specs take the first and last ones). */
async function someMember(request: APIRequestContext): Promise<MemberRow> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'treasurer')}` };
  const list = (await (await request.get('/api/members?limit=20', { headers })).json()) as { data: MemberRow[] };
  const member = list.data[Math.floor(list.data.length / 2)];
  if (!member) throw new Error('no Mwenge member to send a statement to');
  return member;
}

// Issue 16: a button pressed by keyboard keeps the focus while its request runs (BusyButton,
// aria-disabled instead of disabled). A disabled button dropped the focus to the page's start, so
// the next Tab started from the top. The request is held until the test has looked.
test('the member page’s statement send button keeps the keyboard focus while it sends, and ignores a second press', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await someMember(request);
  const sends: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/members\/\d+\/statement\/send$/, async (route) => {
    sends.push(route.request().url());
    await held;
    await route.continue();
  });

  await new SignInPage(page).signIn('treasurer');
  await page.goto(`/en/members/${member.id}`);
  const button = page.getByRole('button', { name: /^Send statement by (SMS|email)$/ });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');

  // Sending: announced as disabled, still the focused element, and Enter again sends nothing more.
  const sending = page.getByRole('button', { name: 'Sending…' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeFocused();
  await expect(sending).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  expect(sends).toHaveLength(1);

  release();
  await expect(page.getByText(/statement goes by (SMS|email) to/)).toBeVisible();
  await expect(button).toBeFocused();
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  expect(sends).toHaveLength(1);
});
