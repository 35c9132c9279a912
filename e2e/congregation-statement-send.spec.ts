import { readFile } from 'node:fs/promises';
import { type APIRequestContext } from '@playwright/test';
import type { StatementSend } from '../domain/api/statement-sends';
import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { apiToken } from './pages/give-page';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

/** The Africa's Talking simulator's inbox for one phone (scripts/e2e.mjs passes its port as SIMULATOR_PORT). */
async function smsInbox(request: APIRequestContext, e164: string): Promise<Array<{ message: string }>> {
  const port = process.env.SIMULATOR_PORT;
  if (!port || port === '0') throw new Error('SIMULATOR_PORT must be set for the e2e server (the SMS inbox lives there)');
  const answer = await request.get(`http://127.0.0.1:${port}/inbox.json?phone=${encodeURIComponent(e164)}`);
  return (await answer.json()) as Array<{ message: string }>;
}

const LINK = /https?:\/\/\S+\/api\/s\/[A-Za-z0-9_-]{22}/;

// Issue 16 / ADR 064: from the statistics page's statements panel the treasurer sends the year's
// statements to every member who gave (by keyboard), the panel shows the send's outcome, axe finds
// nothing blocking before or after, and one member's SMS carries a link that downloads their PDF.
test('a treasurer sends the congregation’s year statements by keyboard; a member’s SMS link downloads their statement', async ({ page, request }) => {
  test.setTimeout(180_000);
  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/stats');
  const section = page.getByRole('region', { name: 'Members’ giving statements' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const year = Number(await section.getByLabel('Year').inputValue());
  expect(year).toBeGreaterThanOrEqual(2000);

  const sendButton = section.getByRole('button', { name: `Send ${year} statements to every member who gave` });
  await expect(sendButton).toBeEnabled();
  expect(await blockingAxeFindings(page, 'statements panel before the send')).toEqual([]);

  // By keyboard: the button takes focus and Enter presses it.
  await sendButton.focus();
  await expect(sendButton).toBeFocused();
  const created = page.waitForResponse((response) => /\/api\/institutions\/\d+\/statements\/send$/.test(response.url()) && response.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const send = (await answer.json()) as StatementSend;
  expect(send.year).toBe(year);
  expect(send.recipients).toBeGreaterThan(0);
  expect(send.counts.byEmail + send.counts.bySms).toBe(send.recipients);
  await expect(page.getByText(`${send.recipients} members: ${send.counts.byEmail} by email, ${send.counts.bySms} by SMS.`)).toBeVisible();

  // The panel lists the send; polled until every member is handled, with its counts.
  const sends = section.getByRole('table', { name: 'Statement sends' });
  const row = sends.getByRole('row').nth(1);
  await expect(row).toContainText('All handled', { timeout: 60_000 });
  const cells = row.getByRole('cell');
  await expect(cells.nth(1)).toHaveText(String(year));
  await expect(cells.nth(2)).toHaveText(String(send.recipients));
  await expect(cells.nth(3)).toHaveText(String(send.counts.byEmail));
  await expect(cells.nth(4)).toHaveText(String(send.counts.bySms));
  const sent = Number(await cells.nth(5).textContent());
  const failed = Number(await cells.nth(6).textContent());
  expect(sent + failed).toBe(send.recipients);
  expect(failed).toBe(0);

  // The send's members are shown (opened by the send), each with its channel and what became of it.
  const people = section.getByRole('table', { name: 'Members of this send' });
  await expect(people).toBeVisible();
  await expect(people.getByRole('row')).toHaveCount(Math.min(send.recipients, 1000) + 1);
  await expect(people.getByText('Waiting to be sent')).toHaveCount(0);
  // A keyboard user is still where they pressed: the button kept focus through "Sending…".
  await expect(sendButton).toBeEnabled();
  await expect(sendButton).toBeFocused();
  expect(await blockingAxeFindings(page, 'statements panel after the send')).toEqual([]);

  // One member who got an SMS (its engine took it: not waiting for balance) has the link in the inbox.
  const headers = { authorization: `Bearer ${await apiToken(request, 'treasurer')}` };
  let member: StatementSend['people'][number] | undefined;
  await expect(async () => {
    const detail = (await (await request.get(`/api/statement-sends/${send.id}`, { headers })).json()) as StatementSend;
    member = detail.people.find((person) => person.channel === 'sms' && (person.delivery === 'sent' || person.delivery === 'delivered'));
    expect(member, 'a member whose statement SMS went out').toBeDefined();
  }).toPass({ timeout: 60_000 });
  const { name, address } = member!;
  await expect(people.getByRole('row').filter({ hasText: address })).toContainText(name);

  let link = '';
  await expect(async () => {
    const texts = (await smsInbox(request, address)).map((sms) => sms.message);
    link = texts.map((text) => text.match(LINK)?.[0] ?? '').find(Boolean) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });

  // Opened without a session (a fresh context, as the member's phone), the link downloads that member's PDF of that year.
  const context = await page.context().browser()!.newContext();
  const phone = await context.newPage();
  const download = phone.waitForEvent('download');
  await phone.goto(link).catch(() => undefined); // a download aborts the navigation
  const bytes = await readFile((await (await download).path())!);
  await context.close();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(bytes);
  expect(text).toContain(name);
  expect(text).toMatch(new RegExp(`(Giving statement|Taarifa ya utoaji) ${year}`));
});
