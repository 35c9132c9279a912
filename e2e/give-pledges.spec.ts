import { randomUUID } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { answerOnHandset, apiToken, GivePage } from './pages/give-page';
import { blockingAxeFindings } from './pages/page-audit';

/** The Africa's Talking simulator's inbox for one phone (scripts/e2e.mjs passes its port as SIMULATOR_PORT). */
async function smsInbox(request: APIRequestContext, e164: string): Promise<Array<{ message: string }>> {
  const port = process.env.SIMULATOR_PORT;
  if (!port || port === '0') throw new Error('SIMULATOR_PORT must be set for the e2e server (the SMS inbox lives there)');
  const answer = await request.get(`http://127.0.0.1:${port}/inbox.json?phone=${encodeURIComponent(e164)}`);
  return (await answer.json()) as Array<{ message: string }>;
}

test.use({ viewport: { width: 390, height: 844 } });

// Issue 14 / ADR 056: a member sees their pledges on the giving page only with the code sent by SMS
// to their phone, and pays one; the pledge's paid grows once the payment completes.
test('a member opens their pledges with the SMS code and pays one on a phone-width screen', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  // A fresh member of the treasurer's church (a Vodacom number ending in 5: the simulated handset waits) with a pledge.
  const token = await apiToken(request, 'treasurer');
  const auth = { authorization: `Bearer ${token}` };
  const profile = (await (await request.get('/api/profile', { headers: auth })).json()) as { entityId: number };
  const national = `075${String(Date.now()).slice(-6)}5`;
  const e164 = `+255${national.slice(1)}`;
  const synced = await request.post('/api/members/sync', {
    headers: auth,
    data: { members: [{ id: randomUUID(), institutionId: profile.entityId, firstName: 'Rehema', lastName: `Ahadi${String(Date.now()).slice(-5)}`, phone: e164, gender: 'female', preferredLanguage: 'en', country: 'TZ' }] },
  });
  expect(synced.status()).toBe(200);
  const memberId = ((await synced.json()) as { results: Array<{ memberId?: number }> }).results[0]?.memberId;
  expect(memberId).toBeDefined();
  const church = (await (await request.get(`/api/giving/institutions/${profile.entityId}`)).json()) as { title: string; offeringTypes: Array<{ id: number; title: string }> };
  const type = church.offeringTypes[0]!;
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const made = await request.post('/api/pledges', { headers: auth, data: { memberId, offeringTypeId: type.id, total: 5_000_000, dueDate: due } });
  expect(made.status(), await made.text()).toBe(201);
  const pledgeId = ((await made.json()) as { id: number }).id;

  const give = new GivePage(page);
  await give.open();
  await give.enterPhone(national);
  await page.getByRole('button', { name: 'See and pay my pledges' }).click();
  await expect(page.getByRole('heading', { name: `Your pledges at ${church.title}` })).toBeVisible();
  // Nothing about the pledges before the code.
  await expect(page.getByText('50,000')).toHaveCount(0);
  expect(await blockingAxeFindings(page, 'giving page: pledges, before the code')).toEqual([]);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText('If this number belongs to a member of this church or mosque, we have sent it a code by SMS.')).toBeVisible();

  let code = '';
  await expect
    .poll(async () => {
      code = (await smsInbox(request, e164))[0]?.message.match(/\b\d{6}\b/)?.[0] ?? '';
      return code;
    }, { timeout: 20_000 })
    .toMatch(/^\d{6}$/);

  // A wrong code first: refused, and the field says why.
  const field = page.getByLabel('Code from the SMS');
  await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The code is wrong or has expired');
  // Keyboard only: type the right code and submit with Enter.
  await field.fill(code);
  await field.press('Enter');

  const list = page.getByRole('list', { name: 'Open pledges' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(type.title);
  await expect(list).toContainText('50,000');
  expect(await blockingAxeFindings(page, 'giving page: pledges listed')).toEqual([]);
  // Nothing sticks out of a phone-width screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await list.getByRole('button', { name: `Pay this pledge: ${type.title}` }).click();
  const amount = page.getByLabel(`Amount to pay toward ${type.title}`);
  await amount.fill('20,000');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/payments') && req.method() === 'POST');
  await give.payByMobile();
  const body = (await sent).postDataJSON() as { pledgeId?: number; memberId?: number; lines: Array<{ amount: number }> };
  expect(body).toMatchObject({ pledgeId, memberId, lines: [{ offeringTypeId: type.id, amount: 2_000_000 }] });

  // Still pending: the pledge has not grown yet.
  const paid = async () => ((await (await request.get(`/api/pledges/${pledgeId}`, { headers: auth })).json()) as { paid: number }).paid;
  expect(await paid()).toBe(0);
  await answerOnHandset(context, e164, 'Accept');
  await give.receiptNumber();
  await expect.poll(paid, { timeout: 15_000 }).toBe(2_000_000);
});
