import { readFile } from 'node:fs/promises';
import { type APIRequestContext } from '@playwright/test';
import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { apiToken } from './pages/give-page';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

type MemberRow = { id: number; names: string; phone: string };
type MemberDetail = MemberRow & { email: string | null; preferredLanguage: string };

/** The Africa's Talking simulator's inbox for one phone (scripts/e2e.mjs passes its port as SIMULATOR_PORT). */
async function smsInbox(request: APIRequestContext, e164: string): Promise<Array<{ message: string }>> {
  const port = process.env.SIMULATOR_PORT;
  if (!port || port === '0') throw new Error('SIMULATOR_PORT must be set for the e2e server (the SMS inbox lives there)');
  const answer = await request.get(`http://127.0.0.1:${port}/inbox.json?phone=${encodeURIComponent(e164)}`);
  return (await answer.json()) as Array<{ message: string }>;
}

/** A Mwenge member without an email (so the statement goes by SMS), as the treasurer sees them. */
async function memberWithoutEmail(request: APIRequestContext): Promise<MemberDetail> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'treasurer')}` };
  const list = (await (await request.get('/api/members?limit=20', { headers })).json()) as { data: MemberRow[] };
  // From the end of the page: other specs take the first members.
  for (const row of list.data.slice(2).reverse()) {
    const detail = (await (await request.get(`/api/members/${row.id}`, { headers })).json()) as MemberDetail;
    if (!detail.email) return detail;
  }
  throw new Error('no Mwenge member without an email in the first page');
}

// Issue 16 / ADR 064: a treasurer sends a member's year statement; the member's SMS carries a link
// that downloads that statement as a PDF; once revoked, the link opens nothing.
test('a treasurer sends a member’s statement by SMS, the link downloads the PDF, and a revoked link is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const member = await memberWithoutEmail(request);
  const year = new Date().getFullYear();

  // Other specs (a congregation's send) may have sent this member a link already: this test's link is the new one.
  const linksInInbox = async () =>
    (await smsInbox(request, member.phone)).map((sms) => sms.message.match(/https?:\/\/\S+\/api\/s\/[A-Za-z0-9_-]{22}/)?.[0] ?? '').filter(Boolean);
  const earlier = new Set(await linksInInbox());

  await new SignInPage(page).signIn('treasurer');
  await page.goto(`/en/members/${member.id}`);
  await page.getByRole('button', { name: 'Send statement by SMS' }).click();
  await expect(page.getByText(`The ${year} statement goes by SMS to ${member.phone}.`)).toBeVisible();

  let link = '';
  await expect(async () => {
    link = (await linksInInbox()).find((candidate) => !earlier.has(candidate)) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 20_000 });

  // Opening the link (no session: a fresh context) downloads the PDF of that member and year.
  const context = await page.context().browser()!.newContext();
  const phone = await context.newPage();
  const download = phone.waitForEvent('download');
  await phone.goto(link).catch(() => undefined); // a download aborts the navigation
  const bytes = await readFile((await (await download).path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(bytes);
  expect(text).toContain(member.names);
  expect(text).toContain(member.preferredLanguage === 'en' ? `Giving statement ${year}` : `Taarifa ya utoaji ${year}`);
  await context.close();

  // The member page lists the link (opened once) and revokes it; the link then answers the refusal page.
  await page.reload();
  const table = page.getByRole('table', { name: 'Statement links sent' });
  await expect(table.getByRole('row').nth(1)).toContainText('Active');
  expect(await blockingAxeFindings(page, 'member page with statement links')).toEqual([]);
  await table.getByRole('button', { name: new RegExp(`Revoke the ${year} link`) }).first().click();
  await expect(table.getByRole('row').nth(1)).toContainText('Revoked');
  const refused = await request.get(link);
  expect(refused.status()).toBe(410);
  expect(await refused.text()).toContain(member.preferredLanguage === 'en' ? 'This link was withdrawn' : 'Kiungo hiki kimeondolewa');
});
