import { expect, test } from './fixtures';
import { tokenOf } from './pages/desk-api';
import { MembersPage } from './pages/members-page';
import { SignInPage } from './pages/sign-in-page';

type ZoneReply = { data: Array<{ id: number; name: string; parentId: number | null; memberCount: number }> };

test('a treasurer creates a zone under another, then registers a member into it from the member form', async ({ page }) => {
  test.setTimeout(90_000);
  await new SignInPage(page).signIn('treasurer');
  const zone = `Kanda E2E ${Date.now() % 100_000}`;

  await page.goto('/en/groups-management');
  await expect(page.getByRole('heading', { name: 'Zones and groups', level: 2 })).toBeVisible();
  const firstParent = await page.getByRole('table', { name: 'Zones and groups' }).getByRole('rowheader').first().innerText();
  await page.getByRole('button', { name: 'New zone' }).click();
  const form = page.getByRole('form', { name: 'New zone' });
  // An empty name is refused in the form, in the spec's words.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name can not be empty')).toBeVisible();
  await form.getByLabel('Name').fill(zone);
  await form.getByLabel('Parent zone').selectOption({ label: firstParent.replace(/^└\s*/, '') });
  await form.getByLabel('Community').fill('Mtaa wa Mwenge');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: new RegExp(zone) });
  await expect(row).toContainText('Mtaa wa Mwenge');
  await expect(row).toContainText('0');

  // The member form offers the new zone (from the device's cache, refreshed when the page opens).
  const members = new MembersPage(page);
  await members.open();
  await page.getByRole('button', { name: 'Register member' }).click();
  const memberForm = page.getByRole('form', { name: 'Register member' });
  await expect(memberForm.getByLabel('Zone').locator('option', { hasText: zone })).toBeAttached({ timeout: 20_000 });
  await memberForm.getByLabel('Zone').selectOption({ label: zone });
  await page.getByRole('button', { name: 'Cancel' }).click();
  const phone = `07${String(Date.now()).slice(-8)}`;
  await page.getByRole('button', { name: 'Register member' }).click();
  await memberForm.getByLabel('First name').fill('Zawadi');
  await memberForm.getByLabel('Last name').fill('Kanda');
  await memberForm.getByLabel('Phone number').fill(phone);
  await memberForm.getByLabel('Gender').selectOption({ label: 'Female' });
  await memberForm.getByLabel('Country', { exact: true }).selectOption({ label: 'Tanzania' });
  await memberForm.getByLabel('Zone').selectOption({ label: zone });
  await memberForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved on this device; will sync')).toBeVisible();

  // The server has the member in that zone once the outbox has sent it; the page shows the count.
  const token = await tokenOf(page);
  await expect
    .poll(
      async () => {
        const reply = (await (await page.request.get('/api/zones', { headers: { Authorization: `Bearer ${token}` } })).json()) as ZoneReply;
        return reply.data.find((candidate) => candidate.name === zone)?.memberCount;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.goto('/en/groups-management');
  await expect(page.getByRole('row', { name: new RegExp(zone) }).getByRole('cell').nth(1)).toHaveText('1');
});
