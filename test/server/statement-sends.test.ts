import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionLines } from '../../server/db/schema/money';
import { sha256 } from '../../server/services/auth/tokens';
import { dispatchStatementSend, enqueueStatementSend, recoverStatementSends } from '../../server/services/statement-sends/statement-send-dispatch';
import { createOfferingType } from '../factories/desk';
import { createMember, createTransaction, type Member } from '../factories/giving';
import { pdfText } from '../factories/pdf-text';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

const PUBLIC_URL = 'https://sadaka.example.test';
const LINK = /https:\/\/sadaka\.example\.test\/api\/s\/([A-Za-z0-9_-]{22})\b/;

describe('sending year statements by SMS link or email (ADR 064)', () => {
  let t: TestApp;
  let w: World;
  let clock = new Date('2027-01-10T08:00:00Z');
  let withEmail: Member;
  let bySms: Member;
  let noGiving: Member;
  const headers = {} as Record<'union' | 'church' | 'churchB' | 'mosque' | 'admin', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { PUBLIC_URL, STATEMENT_LINK_DAYS: '30', STATEMENT_LINK_RATE_PER_IP: '12' } });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await signInAll();
    withEmail = await createMember(db, { institutionId: w.churchA.id, firstName: 'Grace', lastName: 'Mollel', preferredLanguage: 'en', email: 'grace@example.test' });
    bySms = await createMember(db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Kimaro', preferredLanguage: 'sw' });
    noGiving = await createMember(db, { institutionId: w.churchA.id, firstName: 'Asha', lastName: 'Juma' });
    const tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Tithe' });
    for (const [member, amount] of [[withEmail, 120_000], [bySms, 77_700]] as const) {
      const giving = await createTransaction(db, { institutionId: w.churchA.id, memberId: member.id, amount, receivedAt: new Date('2026-06-07T07:00:00Z') });
      await db.insert(transactionLines).values({ transactionId: giving.id, offeringTypeId: tithe.id, amount });
    }
  });
  afterAll(() => t.close());

  /** Sessions expire with the clock: signing in again after moving it a month on. */
  async function signInAll() {
    for (const role of ['union', 'church', 'churchB', 'mosque', 'admin'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
  }

  const post = (url: string, role: keyof typeof headers, year = 2026, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers[role], ...extra }, payload: { year } });
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/s/${token}` });
  const smsLeft = async () => Number((await t.database.raw.query('select sms_left from institutions where id = $1', [w.churchA.id])).rows[0]?.sms_left);
  let smsToken = '';
  let mailToken = '';

  it('sends a member without email an SMS in their language with a link from PUBLIC_URL (never the Host header), charged to the wallet', async () => {
    const before = await smsLeft();
    const res = await post(`/api/members/${bySms.id}/statement/send`, 'church', 2026, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode, res.body).toBe(201);
    const send = res.json();
    expect(send).toMatchObject({ year: 2026, memberId: bySms.id, recipients: 1, counts: { bySms: 1, byEmail: 0 } });
    expect(send.people[0]).toMatchObject({ memberId: bySms.id, channel: 'sms', address: bySms.phone, state: 'pending' });
    const [sms] = await t.smsInbox(bySms.phone);
    expect(sms?.message).toMatch(/^Mwenge Church: taarifa yako ya utoaji ya mwaka 2026/);
    expect(sms?.message).not.toContain('evil.example');
    smsToken = sms?.message.match(LINK)?.[1] ?? '';
    expect(smsToken).toHaveLength(22);
    expect(await smsLeft()).toBe(before - 1);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/statement-sends/${send.id}`, headers: headers.church })).json();
    expect(detail.people[0]).toMatchObject({ state: 'sent', channel: 'sms' });
    expect(['queued', 'sent', 'delivered']).toContain(detail.people[0].delivery);
    expect(detail.dispatchedAt).not.toBeNull();
  });

  it('the link answers that one member’s statement PDF of that year; only the token’s hash is stored', async () => {
    const res = await open(smsToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Taarifa ya utoaji 2026');
    expect(text).toContain('Baraka Kimaro');
    expect(text).not.toContain('Grace');
    const { rows } = await t.database.raw.query('select * from statement_links where member_id = $1', [bySms.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(smsToken));
    expect(JSON.stringify(rows)).not.toContain(smsToken);
    expect(rows[0]).toMatchObject({ year: 2026, opened: 1, channel: 'sms' });
  });

  it('mails a member who has an email, in English for an English speaker', async () => {
    const res = await post(`/api/members/${withEmail.id}/statement/send`, 'union');
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await t.mailOutbox('grace@example.test');
    expect(mail?.subject).toBe('Mwenge Church: your giving statement for 2026');
    expect(mail?.text).toContain('Dear Grace Mollel');
    mailToken = mail?.text.match(LINK)?.[1] ?? '';
    const text = pdfText((await open(mailToken)).rawPayload);
    expect(text).toContain('Giving statement 2026');
    expect(text).toContain('Grace Mollel');
  });

  it('refuses unknown, revoked and expired links with a localised page, never a 500', async () => {
    const unknown = await open('AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('Kiungo hiki si sahihi');
    expect(unknown.body).toContain('This link is not valid');
    expect((await open('x'.repeat(60))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/s/%00%01' })).statusCode).toBeLessThan(500);

    // Revoking: only someone who may read the member's statement; then the link opens nothing.
    const links = (await t.app.inject({ method: 'GET', url: `/api/members/${withEmail.id}/statement-links`, headers: headers.church })).json().data;
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ state: 'active', channel: 'email', opened: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/api/statement-links/${links[0].id}/revoke`, headers: headers.churchB })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'POST', url: `/api/statement-links/${links[0].id}/revoke`, headers: headers.church });
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    const refused = await open(mailToken);
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('This link was withdrawn');
    expect(refused.body).not.toContain('Grace');

    // Thirty days on, the Swahili member's link has expired (in Swahili).
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    await signInAll();
    const expired = await open(smsToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('lang="sw"');
    expect(expired.body).toContain('Muda wa kiungo hiki umeisha');
    const listed = (await t.app.inject({ method: 'GET', url: `/api/members/${bySms.id}/statement-links`, headers: headers.church })).json().data;
    expect(listed[0]).toMatchObject({ state: 'expired' });
  });

  it('a congregation send goes to every member who gave that year, once, whatever runs twice', async () => {
    const res = await post(`/api/institutions/${w.churchA.id}/statements/send`, 'church');
    expect(res.statusCode, res.body).toBe(201);
    const send = res.json();
    expect(send).toMatchObject({ recipients: 2, counts: { byEmail: 1, bySms: 1, pending: 2 } });
    expect(send.people.map((p: { memberId: number }) => p.memberId).sort()).toEqual([withEmail.id, bySms.id].sort());
    expect(send.people.some((p: { memberId: number }) => p.memberId === noGiving.id)).toBe(false);
    // A second press while it is still going out is refused.
    expect((await post(`/api/institutions/${w.churchA.id}/statements/send`, 'union')).statusCode).toBe(409);

    const smsBefore = (await t.smsInbox(bySms.phone)).length;
    const mailBefore = (await t.mailOutbox('grace@example.test')).length;
    // The job has run (reading the inbox runs due jobs). Enqueueing again keeps the one job; two
    // dispatchers and the job runner side by side find nobody left to send to.
    expect(await enqueueStatementSend(t.ctx.jobs, send.id)).toBeNull();
    const twice = await Promise.all([dispatchStatementSend(t.ctx, send.id), dispatchStatementSend(t.ctx, send.id), t.runJobs()]);
    expect(twice[0] + twice[1]).toBe(0);
    expect((await t.smsInbox(bySms.phone)).length).toBe(smsBefore);
    expect((await t.mailOutbox('grace@example.test')).length).toBe(mailBefore);
    const { rows } = await t.database.raw.query(`select count(*)::int as n from statement_links where created_at >= $1`, [clock.toISOString()]);
    expect(rows[0]?.n).toBe(2);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/statement-sends/${send.id}`, headers: headers.union })).json();
    expect(detail.counts).toMatchObject({ pending: 0, sent: 2, failed: 0 });
    // Once it went out, sending again is the treasurer's choice (not refused).
    const list = (await t.app.inject({ method: 'GET', url: `/api/institutions/${w.churchA.id}/statement-sends`, headers: headers.church })).json().data;
    expect(list[0]).toMatchObject({ id: send.id, recipients: 2 });
  });

  it('a send saved but never queued (the process died in between) is queued again by the recovery, once', async () => {
    // What recordSend leaves behind when the process dies after its COMMIT and before enqueueing.
    const { rows } = await t.database.raw.query(
      `insert into statement_sends (institution_id, year, member_id, recipients, created_by, created_at) values ($1, 2024, $2, 1, $3, $4) returning id`,
      [w.churchA.id, bySms.id, w.users.church.id, clock.toISOString()],
    );
    const sendId = Number(rows[0]!.id);
    await t.database.raw.query(`insert into statement_send_recipients (send_id, member_id, channel, address, language) values ($1, $2, 'sms', $3, 'sw')`, [sendId, bySms.id, bySms.phone]);
    const before = (await t.smsInbox(bySms.phone)).length;
    expect(await recoverStatementSends(t.ctx)).toBe(1);
    // Its job exists now: a second sweep (another replica, the next tick) queues nothing.
    expect(await recoverStatementSends(t.ctx)).toBe(0);
    const inbox = await t.smsInbox(bySms.phone);
    expect(inbox.length).toBe(before + 1);
    expect(inbox[0]?.message).toContain('2024');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/statement-sends/${sendId}`, headers: headers.church })).json();
    expect(detail.counts).toMatchObject({ pending: 0, sent: 1 });
    // Dispatched: nothing is left for a later sweep.
    expect(await recoverStatementSends(t.ctx)).toBe(0);
  });

  it('keeps every tenant to its own: other congregations get 404, bad bodies 400, nobody-gave 422', async () => {
    expect((await post(`/api/members/${bySms.id}/statement/send`, 'churchB')).statusCode).toBe(404);
    expect((await post(`/api/members/${bySms.id}/statement/send`, 'mosque')).statusCode).toBe(404);
    expect((await post(`/api/institutions/${w.churchA.id}/statements/send`, 'churchB')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/institutions/${w.churchA.id}/statement-sends`, headers: headers.mosque })).statusCode).toBe(404);
    const sendId = (await t.app.inject({ method: 'GET', url: `/api/institutions/${w.churchA.id}/statement-sends`, headers: headers.church })).json().data[0].id;
    expect((await t.app.inject({ method: 'GET', url: `/api/statement-sends/${sendId}`, headers: headers.churchB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/members/${bySms.id}/statement-links`, headers: headers.mosque })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/members/${bySms.id}/statement/send`, headers: headers.church, payload: { year: 'last' } });
    expect(bad.statusCode).toBe(400);
    const nobody = await post(`/api/institutions/${w.churchA.id}/statements/send`, 'church', 2019);
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().message).toBe('Hakuna mshiriki aliyetoa mwaka 2019, kwa hiyo hakuna taarifa ya kutuma.');
    const activity = await t.database.raw.query(`select action from activity_log where action like 'statement.%'`);
    const actions = activity.rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'statement.sent')).toHaveLength(3);
    expect(actions).toContain('statement.link_revoked');
    expect(actions).toContain('statement.link_opened');
  });

  it('waits for SMS balance like any SMS, and limits link opens per address', async () => {
    await t.database.raw.query('update institutions set sms_left = 0 where id = $1', [w.churchA.id]);
    const res = await post(`/api/members/${bySms.id}/statement/send`, 'church', 2025);
    await t.runJobs();
    const detail = (await t.app.inject({ method: 'GET', url: `/api/statement-sends/${res.json().id}`, headers: headers.church })).json();
    expect(detail.people[0]).toMatchObject({ state: 'sent', delivery: 'waiting_balance' });
    await t.providers.sms.topUp({ institutionId: w.churchA.id, amount: 5 });
    const [sms] = await t.smsInbox(bySms.phone);
    expect(sms?.message).toContain('2025');

    clock = new Date(clock.getTime() + 120_000);
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await open('BBBBBBBBBBBBBBBBBBBBBB')).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 404)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
