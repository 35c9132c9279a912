import { expect, test } from './fixtures';
import { apiToken } from './pages/give-page';
import { SignInPage } from './pages/sign-in-page';

type MemberPage = { data: Array<{ id: number; names: string; code: string; institutionTitle: string }> };
type History = { giving: unknown[] };

// Issue 13: a bank admin searches members across the religion (server list) and opens one with their history.
test('the admin finds a member by number on the server list and reads their page with giving history', async ({ page, request }) => {
  const token = await apiToken(request, 'treasurer');
  const headers = { authorization: `Bearer ${token}` };
  // A Mwenge member who has given (the demo seed gives most members a history).
  const answer = await request.get('/api/members?limit=20', { headers });
  expect(answer.ok()).toBeTruthy();
  let chosen: MemberPage['data'][number] | undefined;
  for (const member of ((await answer.json()) as MemberPage).data) {
    const history = (await (await request.get(`/api/members/${member.id}/history`, { headers })).json()) as History;
    if (history.giving.length > 0) {
      chosen = member;
      break;
    }
  }
  expect(chosen).toBeDefined();
  const member = chosen!;

  await new SignInPage(page).signIn('admin');
  await page.goto('/en/members');
  await page.getByLabel('Search members').fill(member.code);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(member.institutionTitle)).toBeVisible();
  await table.getByRole('link', { name: member.names }).click();

  await expect(page).toHaveURL(new RegExp(`/en/members/${member.id}$`));
  await expect(page.getByRole('heading', { name: member.names })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Giving history' }).getByRole('row').nth(1)).toBeVisible();
  // Bank staff read; they do not edit.
  await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
});
