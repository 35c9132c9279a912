import { readFile } from 'node:fs/promises';
import { type APIRequestContext } from '@playwright/test';
import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { apiToken } from './pages/give-page';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

type MemberPage = { data: Array<{ id: number; names: string; phone: string; code: string }> };

/** The Africa's Talking simulator's inbox for one phone (scripts/e2e.mjs passes its port as SIMULATOR_PORT). */
async function smsInbox(request: APIRequestContext, e164: string): Promise<Array<{ message: string }>> {
  const port = process.env.SIMULATOR_PORT;
  if (!port || port === '0') throw new Error('SIMULATOR_PORT must be set for the e2e server (the SMS inbox lives there)');
  const answer = await request.get(`http://127.0.0.1:${port}/inbox.json?phone=${encodeURIComponent(e164)}`);
  return (await answer.json()) as Array<{ message: string }>;
}

/** Mwenge members the treasurer sees (the server list, first page). */
async function mwengeMember(request: APIRequestContext, search: string) {
  const token = await apiToken(request, 'treasurer');
  const answer = await request.get(`/api/members?limit=20&search=${encodeURIComponent(search)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as MemberPage).data;
}

// Issue 13: the new number gets a code by SMS; the phone changes only when the code is entered.
test('the treasurer changes a member phone with the code read from the SMS inbox', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = (await mwengeMember(request, ''))[7];
  expect(member).toBeDefined();
  const national = `0715${String(Date.now()).slice(-6)}`;
  const e164 = `+255${national.slice(1)}`;

  await new SignInPage(page).signIn('treasurer');
  await page.goto(`/en/members/${member!.id}`);
  await page.getByRole('button', { name: 'Change phone number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change phone number' });
  await expect(dialog).toBeVisible();
  // Keyboard: focus starts on Cancel; the phone field is reachable by Tab.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByLabel('New phone number').fill(national);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status')).toContainText(e164);
  expect(await blockingAxeFindings(page, 'phone change dialog')).toEqual([]);

  let code = '';
  await expect(async () => {
    const [newest] = await smsInbox(request, e164);
    code = newest?.message.match(/\b\d{6}\b/)?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  // Still the old number until the code comes back.
  await expect(page.getByRole('definition').filter({ hasText: member!.phone })).toBeVisible();
  await dialog.getByLabel('Code from the SMS').fill(code);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: e164 })).toBeVisible();
  // The old number was told.
  await expect(async () => expect((await smsInbox(request, member!.phone))[0]?.message ?? '').toContain(e164)).toPass({ timeout: 15_000 });
});

// ADR 054: the sending church asks, the receiving church's own administrator (demo user `sinza`)
// accepts, and the member moves there with a new code; the old code stays in the transfer's history.
test('the treasurer requests a transfer to Sinza and Sinza’s administrator accepts it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const members = await mwengeMember(request, '');
  const member = members.at(-1)!;
  await new SignInPage(page).signIn('treasurer');
  await page.goto(`/en/members/${member.id}`);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer to another church or mosque' });
  await dialog.getByLabel('Find the receiving church or mosque (name or code)').fill('Sinza');
  await dialog.getByRole('radio', { name: /Sinza Church/ }).check();
  expect(await blockingAxeFindings(page, 'transfer dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Request transfer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Sinza Church must accept it.', { exact: false })).toBeVisible();

  const sinzaContext = await browser.newContext();
  const sinza = await sinzaContext.newPage();
  await new SignInPage(sinza).signIn('sinza');
  await sinza.goto('/en/members/transfers');
  const waiting = sinza.getByRole('table', { name: 'Transfers to answer' });
  const row = waiting.getByRole('row').filter({ hasText: member.names }).filter({ hasText: 'Waiting' });
  await expect(row).toBeVisible();
  expect(await blockingAxeFindings(sinza, 'member transfers')).toEqual([]);
  await row.getByRole('button', { name: `Accept ${member.names}` }).click();
  const answered = waiting.getByRole('row').filter({ hasText: member.names }).first();
  await expect(answered).toContainText('Accepted');
  // The code history: the Mwenge code it had, then the Sinza code it now has.
  await expect(answered).toContainText(new RegExp(`${member.code} → SNZ-\\d{4,}`));
  const newCode = (await answered.innerText()).match(/SNZ-\d{4,}/)![0];

  // The member is Sinza's now: its list finds them by the new code, and their page names the new code.
  const sinzaToken = await apiToken(request, 'sinza');
  const atSinza = await request.get(`/api/members?limit=20&search=${encodeURIComponent(newCode)}`, { headers: { authorization: `Bearer ${sinzaToken}` } });
  expect(((await atSinza.json()) as MemberPage).data.map((row) => ({ id: row.id, code: row.code }))).toEqual([{ id: member.id, code: newCode }]);
  await sinza.goto(`/en/members/${member.id}`);
  await expect(sinza.getByRole('heading', { name: new RegExp(newCode) })).toBeVisible();
  await sinzaContext.close();
  // The member is told, with the new number (ADR 054), through the simulated SMS inbox.
  await expect(async () => expect((await smsInbox(request, member.phone))[0]?.message ?? '').toContain(`Sinza Church`)).toPass({ timeout: 15_000 });
  expect((await smsInbox(request, member.phone))[0]?.message).toContain(newCode);

  // Mwenge no longer lists or opens the member; its sent list shows the answer and both codes.
  expect((await mwengeMember(request, member.code)).map((row) => row.id)).not.toContain(member.id);
  await page.goto('/en/members/transfers');
  const sent = page.getByRole('table', { name: 'Transfers sent' }).getByRole('row').filter({ hasText: member.names }).first();
  await expect(sent).toContainText('Accepted');
  await expect(sent).toContainText(`${member.code} → ${newCode}`);
});

/** QR images in a pdfkit PDF: each PNG is an image plus its alpha mask (itself an image), so masks are left out. */
const qrCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length - (pdf.toString('latin1').match(/\/SMask \d+ 0 R/g) ?? []).length;

// Issue 13: a treasurer prints the cards of one zone (A4 sheets of ten) from the zones screen.
test('the treasurer prints the member cards of a zone: the PDF opens and has one QR per member', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/groups-management');
  const table = page.getByRole('table', { name: 'Zones and groups' });
  const cardsButton = /^Member cards of .+ \(PDF\)$/;
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: cardsButton }) }).first();
  const button = row.getByRole('button', { name: cardsButton });
  await expect(button).toBeVisible();
  const zoneName = (await row.getByRole('rowheader').innerText()).replace('└', '').trim();
  const members = Number(await row.getByRole('cell').nth(1).innerText());
  expect(members).toBeGreaterThan(0);
  expect(await blockingAxeFindings(page, 'zones with card buttons')).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^member-cards-.*\.pdf$/);
  const pdf = await readFile((await download.path())!);
  // A complete PDF (pdfText throws otherwise), one QR per member of the zone, with their church's name.
  const text = pdfText(pdf);
  expect(text).toContain('Mwenge');
  expect(qrCount(pdf)).toBe(members);
  expect(zoneName.length).toBeGreaterThan(0);
});

// Issue 13, spec §1 "move to a zone" (bulk): the treasurer selects members in the list and moves
// them into a new zone, then prints that zone's cards: one QR for each member moved.
test('the treasurer moves selected members to a zone and prints the zone’s cards', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'treasurer');
  const auth = { authorization: `Bearer ${token}` };
  const zoneName = `Kanda ya Majaribio ${String(Date.now()).slice(-6)}`;
  const created = await request.post('/api/zones', { headers: auth, data: { name: zoneName } });
  expect(created.status(), await created.text()).toBe(201);
  const zone = (await created.json()) as { id: number };
  const [first, second] = (await mwengeMember(request, '')).slice(2, 4);
  expect(second).toBeDefined();

  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/members');
  const list = page.getByRole('list', { name: 'Members' });
  for (const member of [first!, second!]) {
    await page.getByLabel('Search members').fill(member.code);
    await list.getByRole('checkbox', { name: `Select ${member.names}` }).check();
  }
  const bar = page.getByRole('group', { name: 'Move the selected members' });
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  await bar.getByLabel('Zone to move them to').selectOption({ label: zoneName });
  expect(await blockingAxeFindings(page, 'members selected for a zone move')).toEqual([]);
  await bar.getByRole('button', { name: 'Move to zone' }).click();
  await expect(page.getByText(`2 members moved to ${zoneName}`)).toBeVisible();
  await expect(bar).toHaveCount(0);

  const inZone = await request.get(`/api/members?limit=20&zoneId=${zone.id}`, { headers: auth });
  expect(((await inZone.json()) as MemberPage).data.map((member) => member.id).sort()).toEqual([first!.id, second!.id].sort());

  await page.goto('/en/groups-management');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Member cards of ${zoneName} (PDF)` }).click()]);
  const pdf = await readFile((await download.path())!);
  expect(qrCount(pdf)).toBe(2);
  expect(pdfText(pdf)).toContain(first!.code);
});
