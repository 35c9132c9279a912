import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PledgeDetail } from '../../domain/api/pledges';
import { createJobRunner, type JobRunner } from '../../server/jobs/job-runner';
import { definePledgeReminderQueue, PLEDGE_REMINDER_QUEUE, sweepPledgeReminders } from '../../server/services/pledges/pledge-reminders';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createMember, type Member } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

/**
 * Pledge reminders (ADR 050): scheduled before and after the due date, in the member's language,
 * charged to the church's SMS wallet, one per pledge per day however many workers run the job.
 */
describe('pledge reminders', () => {
  let t: TestApp;
  let w: World;
  let building: OfferingTypeRow;
  let second: JobRunner;
  const headers = {} as Record<Role, Record<string, string>>;
  // Pledges are made on Sunday 1 March 2026, 10:00 in Dar es Salaam.
  let clock = new Date('2026-03-01T07:00:00Z');
  /** 09:00 in Dar es Salaam on that day. */
  const morningOf = (day: string) => new Date(`${day}T06:00:00Z`);

  beforeAll(async () => {
    // Sessions outlive the days this test moves through (the subject here is reminders, not idle sign-out).
    t = await createTestApp({ now: () => clock, env: { SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '2000' } });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    building = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Jengo' });
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
    // A second worker on the same database, as a second server replica would run.
    second = createJobRunner({ database: t.database, connectionString: t.databaseUrl, maintenance: false });
    definePledgeReminderQueue(second, { database: t.database, sms: t.ctx.sms, translator: t.ctx.translator, now: () => clock });
    await second.start();
  });
  afterAll(async () => {
    await second?.stop();
    await t?.close();
  });

  const pledge = async (who: Member, total: number, dueDate: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pledges', headers: headers.church, payload: { memberId: who.id, offeringTypeId: building.id, total, dueDate } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const detail = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pledges/${id}`, headers: headers.church });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PledgeDetail;
  };
  const remind = (id: number, role: Role = 'church') => t.app.inject({ method: 'POST', url: `/api/pledges/${id}/remind`, headers: headers[role] });
  const smsLeft = async (institutionId: number) => Number((await t.database.raw.query('select sms_left from institutions where id = $1', [institutionId])).rows[0]?.sms_left);
  const setSmsLeft = (institutionId: number, n: number) => t.database.raw.query('update institutions set sms_left = $2 where id = $1', [institutionId, n]);
  const remindersOf = async (pledgeId: number) =>
    (await t.database.raw.query('select day, trigger, sms_id from pledge_reminders where pledge_id = $1 order by day', [pledgeId])).rows;
  /** Both workers take jobs of the reminder queue at once (two ticks queued), as two replicas would. */
  const runTwoWorkers = async () => {
    await t.providers.jobs.send(PLEDGE_REMINDER_QUEUE, {});
    await t.providers.jobs.send(PLEDGE_REMINDER_QUEUE, {});
    const [first, other] = await Promise.all([t.runJobs(), second.drain()]);
    // Both ticks ran (on either worker), then the SMS jobs were sent.
    expect(first + other).toBeGreaterThanOrEqual(2);
    await t.settleSms();
  };

  let english: Member;
  let swahili: Member;
  let late: Member;
  let ids: { week: number; tomorrow: number; overdue: number; notYet: number; paid: number };

  it('a tick sends one reminder to each pledge on a reminder day, once, under two workers at once, in the member\'s language', async () => {
    english = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Grace', lastName: 'Otieno', preferredLanguage: 'en', phone: '+255713500001' });
    swahili = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Mwita', preferredLanguage: 'sw', phone: '+255713500002' });
    late = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Neema', lastName: 'Kweka', preferredLanguage: 'sw', phone: '+255713500003' });
    const quiet = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255713500004' });
    const payer = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255713500005' });
    ids = {
      week: (await pledge(english, 5_000_000, '2026-03-12')).id,
      tomorrow: (await pledge(swahili, 2_000_000, '2026-03-06')).id,
      overdue: (await pledge(late, 1_000_000, '2026-03-04')).id,
      notYet: (await pledge(quiet, 1_000_000, '2026-03-08')).id,
      paid: (await pledge(payer, 300_000, '2026-03-12')).id,
    };
    await sync(t.app, 'cash-receipts', headers.church, [receiptEntry({ institutionId: w.churchA.id, memberId: payer.id, receivedAt: '2026-03-01T10:00:00+03:00', lines: [{ offeringTypeId: building.id, amount: 300_000 }] })]);
    expect((await detail(ids.paid)).state).toBe('fulfilled');

    await setSmsLeft(w.churchA.id, 10);
    clock = morningOf('2026-03-05');
    await runTwoWorkers();

    expect(await remindersOf(ids.week)).toEqual([{ day: '2026-03-05', trigger: 'schedule', sms_id: expect.any(Number) }]);
    expect(await remindersOf(ids.tomorrow)).toHaveLength(1);
    expect(await remindersOf(ids.overdue)).toHaveLength(1);
    expect(await remindersOf(ids.notYet)).toEqual([]);
    expect(await remindersOf(ids.paid)).toEqual([]);
    // Three messages, three units off the church's wallet.
    expect(await smsLeft(w.churchA.id)).toBe(7);

    const [toGrace, ...moreToGrace] = await t.smsInbox(english.phone);
    expect(moreToGrace).toEqual([]);
    expect(toGrace!.message).toMatch(/^Mwenge Church: Dear Grace Otieno, your pledge of TSh\s?50,000 is due on 12 Mar 2026\. Remaining: TSh\s?50,000\. Thank you\.$/);
    const [toBaraka, ...moreToBaraka] = await t.smsInbox(swahili.phone);
    expect(moreToBaraka).toEqual([]);
    expect(toBaraka!.message).toContain('Ndugu Baraka Mwita, ahadi yako ya');
    expect(toBaraka!.message).toContain('inatakiwa kukamilika tarehe 6 Mac 2026');
    const [toNeema] = await t.smsInbox(late.phone);
    // Due yesterday: the overdue wording.
    expect(toNeema!.message).toContain('ilitakiwa kukamilika tarehe 4 Mac 2026');

    const shown = await detail(ids.week);
    expect(shown.remindedAt).toBe(clock.toISOString());
    expect(shown.reminders).toEqual([{ day: '2026-03-05', trigger: 'schedule', smsId: expect.any(Number), smsStatus: 'delivered', at: clock.toISOString() }]);
  });

  it('a later tick the same day, and two sweeps racing, send nothing more', async () => {
    clock = new Date(morningOf('2026-03-05').getTime() + 3 * 3_600_000);
    const [a, b] = await Promise.all([sweepPledgeReminders(t.ctx), sweepPledgeReminders(t.ctx)]);
    expect(a + b).toBe(0);
    await runTwoWorkers();
    expect(await t.smsInbox(english.phone)).toHaveLength(1);
    expect(await smsLeft(w.churchA.id)).toBe(7);
  });

  it('keeps reminding after the due date while unpaid: the day after, then weekly', async () => {
    clock = morningOf('2026-03-07');
    const [a, b] = await Promise.all([sweepPledgeReminders(t.ctx), sweepPledgeReminders(t.ctx)]);
    // Baraka's pledge (due 6 March) is one day late, the 8 March one due tomorrow; Neema's is three days late.
    expect(a + b).toBe(2);
    expect((await remindersOf(ids.notYet)).map((r) => r.day)).toEqual(['2026-03-07']);
    const [newest] = await t.smsInbox(swahili.phone);
    expect(newest!.message).toContain('ilitakiwa kukamilika tarehe 6 Mac 2026');
    clock = morningOf('2026-03-11');
    expect(await sweepPledgeReminders(t.ctx)).toBe(1); // Grace's is due tomorrow.
    expect((await remindersOf(ids.week)).map((r) => r.day)).toEqual(['2026-03-05', '2026-03-11']);
    clock = morningOf('2026-03-12');
    expect(await sweepPledgeReminders(t.ctx)).toBe(1); // Neema's is 8 days late; Grace's due today is not a reminder day.
    expect((await remindersOf(ids.overdue)).map((r) => r.day)).toEqual(['2026-03-05', '2026-03-12']);
  });

  it('with an empty wallet the reminder waits for a top-up, and still counts as the day\'s reminder', async () => {
    await setSmsLeft(w.churchA.id, 0);
    clock = morningOf('2026-03-14'); // Baraka's pledge: 8 days late.
    expect(await sweepPledgeReminders(t.ctx)).toBe(1);
    const [reminder] = (await detail(ids.tomorrow)).reminders;
    expect(reminder).toMatchObject({ day: '2026-03-14', trigger: 'schedule', smsStatus: 'waiting_balance' });
    expect(await sweepPledgeReminders(t.ctx)).toBe(0);
    await t.providers.sms.topUp({ institutionId: w.churchA.id, amount: 5 });
    await t.settleSms();
    expect((await detail(ids.tomorrow)).reminders[0]!.smsStatus).toBe('delivered');
    expect(await smsLeft(w.churchA.id)).toBe(4);
  });

  it('"remind now" sends at once, charged; a second press the same day (or a racing one) sends nothing', async () => {
    clock = morningOf('2026-03-15');
    const before = await smsLeft(w.churchA.id);
    const [first, racing] = await Promise.all([remind(ids.week), remind(ids.week)]);
    expect([first!.statusCode, racing!.statusCode]).toEqual([200, 200]);
    const answers = [first!.json(), racing!.json()];
    const sent = answers.filter((a) => a.sent);
    expect(sent).toEqual([{ sent: true, smsId: expect.any(Number), remindedAt: clock.toISOString() }]);
    // The slower press lost the claim: nothing sent (it may answer before the winner linked its message).
    expect(answers.find((a) => !a.sent)).toMatchObject({ sent: false, remindedAt: clock.toISOString() });
    expect(await smsLeft(w.churchA.id)).toBe(before - 1);
    const again = await remind(ids.week);
    expect(again.json()).toEqual({ sent: false, smsId: sent[0].smsId, remindedAt: clock.toISOString() });
    // The schedule on the same day leaves it alone too (Grace's pledge is 3 days late: not a reminder day anyway).
    await sweepPledgeReminders(t.ctx);
    const shown = await detail(ids.week);
    expect(shown.reminders[0]).toMatchObject({ day: '2026-03-15', trigger: 'manual', smsId: sent[0].smsId });
    expect(shown.remindedAt).toBe(clock.toISOString());
    const [newest] = await t.smsInbox(english.phone);
    expect(newest!.message).toContain('your pledge of TSh');
    expect(newest!.message).toContain('was due on 12 Mar 2026');
  });

  it('"remind now" refuses a pledge paid in full (409) and one outside the caller\'s scope (404)', async () => {
    const refused = await remind(ids.paid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('pledge_fulfilled');
    expect((await remind(ids.week, 'churchB')).statusCode).toBe(404);
    expect((await remind(ids.week, 'admin')).statusCode).toBe(403);
  });
});
