import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../server/db/schema/approvals';
import { uploads } from '../../server/db/schema/institutions';
import { rateLimits } from '../../server/db/schema/payments';
import { RATE_LIMIT_PRUNE_QUEUE } from '../../server/services/payments/rate-limit-prune';
import { REGISTRATION_PRUNE_QUEUE } from '../../server/services/registration/prune-drafts';
import { multipartFile, PDF_BYTES, PNG_BYTES } from '../factories/uploads';
import { createTestApp, type TestApp } from './harness';

/**
 * Issue 10, security item 3: anyone could fill the disk through public registration drafts (23 of
 * 25 parallel drafts from one address, 30 uploads of 15 MB into one draft, files kept forever).
 */
describe('public registration limits and pruning of abandoned drafts', () => {
  let t: TestApp;
  let dataDir: string;
  let clock = new Date('2026-05-04T08:00:00Z');
  let seq = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sadaka-reg-limits-'));
    t = await createTestApp({
      now: () => clock,
      env: { DATA_DIR: dataDir, REGISTRATION_MAX_DOCUMENTS: '3', REGISTRATION_MAX_DRAFT_MB: '1', REGISTRATION_DRAFTS_PER_PHONE: '3', REGISTRATION_ABANDONED_DAYS: '30' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const uploadDir = () => t.ctx.config.uploadDir;
  const storedFiles = () => (existsSync(uploadDir()) ? readdirSync(uploadDir()) : []);
  const applicant = () => {
    seq++;
    return { applicantPhone: `+25571550${String(seq).padStart(4, '0')}`, applicantEmail: `limits${seq}@example.co.tz` };
  };
  const start = (payload = applicant(), ip = `10.20.${Math.floor(seq / 200)}.${(seq % 200) + 1}`, lang = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/registrations', headers: { lang }, payload, remoteAddress: ip });
  const newDraft = async () => {
    const res = await start();
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: string; registration: { id: number } };
  };
  const upload = (token: string, name: string, bytes: Buffer) => {
    const body = multipartFile(name, bytes);
    return t.app.inject({ method: 'POST', url: '/api/registrations/current/uploads?purpose=document', headers: { 'x-registration-token': token, lang: 'en', ...body.headers }, payload: body.payload });
  };
  const pdfOf = (size: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 0x20)]);
  const draftCount = async (phones: string[]) => (await t.database.db.select({ id: registrations.id }).from(registrations).where(inArray(registrations.applicantPhone, phones))).length;

  it('a burst of 25 parallel starts from one address creates exactly the per-address limit; the rest are 429 and create nothing', async () => {
    const limit = t.ctx.config.registration.draftsPerIp;
    const people = Array.from({ length: 25 }, applicant);
    // Real sockets, all from 127.0.0.1, all in flight together.
    const answers = await Promise.all(
      people.map((payload) =>
        fetch(`${t.baseUrl}/api/registrations`, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'en' }, body: JSON.stringify(payload) }).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as { code?: string; message?: string },
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(limit);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(25 - limit);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'rate_limited', message: 'Too many registrations were started from this phone or network. Try again in 60 minutes.' });
    }
    expect(await draftCount(people.map((p) => p.applicantPhone))).toBe(limit);
    // Swahili too, and another address is not affected.
    const sw = await start(applicant(), '127.0.0.1', 'sw');
    expect(sw.statusCode).toBe(429);
    expect(sw.json().message).toBe('Usajili mwingi mno umeanzishwa kutoka simu hii au mtandao huu. Jaribu tena baada ya dakika 60.');
    // The clock has not moved since the window opened: come back when it closes, an hour from now.
    expect(sw.headers['retry-after']).toBe('3600');
    clock = new Date(clock.getTime() + 45 * 60_000);
    const later = await start(applicant(), '127.0.0.1');
    expect(later.headers['retry-after']).toBe(String(15 * 60));
    expect(later.json().message).toBe('Too many registrations were started from this phone or network. Try again in 15 minutes.');
    expect((await start(applicant(), '10.99.0.1')).statusCode).toBe(201);
    // The window passes: the address may start again.
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await start(applicant(), '127.0.0.1')).statusCode).toBe(201);
  });

  it('counts starts per applicant phone too, whatever the address', async () => {
    const phone = applicant().applicantPhone;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await start({ applicantPhone: phone, applicantEmail: `phone.limit${i}@example.co.tz` }, `10.30.0.${i + 1}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().registration.id);
      // Submitted, so the one-unfinished-per-phone rule does not stop the next start.
      await t.database.db.update(registrations).set({ status: 'submitted', submittedAt: clock }).where(eq(registrations.id, ids[i]!));
    }
    const fourth = await start({ applicantPhone: phone, applicantEmail: 'phone.limit3@example.co.tz' }, '10.30.0.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('rate_limited');
    expect(await draftCount([phone])).toBe(3);
  });

  it('six parallel uploads into one draft store exactly the per-draft maximum (3); the rest are 409 upload_limit and leave no file', async () => {
    const { token, registration } = await newDraft();
    const before = storedFiles().length;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(token, `form-${i}.pdf`, PDF_BYTES)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json()).toMatchObject({ code: 'upload_limit', message: 'This registration already has 3 documents, the most it can take' });
    expect(storedFiles().length - before).toBe(3);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.registrationId, registration.id))).toHaveLength(3);
    // Refused before the body is read as well (the draft is full).
    const again = await upload(token, 'late.png', PNG_BYTES);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a file that would take a draft over its total bytes (413 upload_total_too_large), storing nothing', async () => {
    const { token, registration } = await newDraft();
    const before = storedFiles().length;
    expect((await upload(token, 'first.pdf', pdfOf(600 * 1024))).statusCode).toBe(201);
    const over = await upload(token, 'second.pdf', pdfOf(600 * 1024));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'upload_total_too_large', message: 'The documents of one registration may total at most 1 MB' });
    expect(storedFiles().length - before).toBe(1);
    // What still fits is taken.
    expect((await upload(token, 'small.pdf', pdfOf(300 * 1024))).statusCode).toBe(201);
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.registrationId, registration.id));
    expect(rows.map((r) => r.originalName)).toEqual(['first.pdf', 'small.pdf']);
  });

  it('the hourly prune job closes drafts untouched for 30 days and deletes their files; recent drafts and submitted ones keep theirs', async () => {
    const old = await newDraft();
    const oldUpload = (await upload(old.token, 'old.pdf', PDF_BYTES)).json() as { id: number };
    const submitted = await newDraft();
    const submittedUpload = (await upload(submitted.token, 'kept.pdf', PDF_BYTES)).json() as { id: number };
    await t.database.db.update(registrations).set({ status: 'submitted', submittedAt: clock }).where(eq(registrations.id, submitted.registration.id));
    // Abandoned earlier, by the applicant starting again after 30 days: closed, but its file stayed.
    const replaced = await newDraft();
    const replacedUpload = (await upload(replaced.token, 'replaced.pdf', PDF_BYTES)).json() as { id: number };
    const [replacedRow] = await t.database.db.select().from(registrations).where(eq(registrations.id, replaced.registration.id));

    clock = new Date(clock.getTime() + 20 * 24 * 3_600_000);
    const recent = await newDraft();
    const recentUpload = (await upload(recent.token, 'recent.pdf', PDF_BYTES)).json() as { id: number };
    clock = new Date(clock.getTime() + 11 * 24 * 3_600_000);
    const restart = await start({ applicantPhone: replacedRow!.applicantPhone, applicantEmail: replacedRow!.applicantEmail! }, '10.40.0.1');
    expect(restart.statusCode, restart.body).toBe(201);

    const fileOf = async (id: number) => (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];
    const oldFile = (await fileOf(oldUpload.id))!.storageName;
    const replacedFile = (await fileOf(replacedUpload.id))!.storageName;
    expect(storedFiles()).toEqual(expect.arrayContaining([oldFile, replacedFile]));

    await t.ctx.jobs.send(REGISTRATION_PRUNE_QUEUE, {});
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);

    expect(await fileOf(oldUpload.id)).toBeUndefined();
    expect(await fileOf(replacedUpload.id)).toBeUndefined();
    expect(storedFiles()).not.toContain(oldFile);
    expect(storedFiles()).not.toContain(replacedFile);
    const [oldRow] = await t.database.db.select().from(registrations).where(eq(registrations.id, old.registration.id));
    expect(oldRow).toMatchObject({ status: 'rejected', rejectionReason: 'Abandoned: not completed within 30 days', tokenHash: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: { 'x-registration-token': old.token } })).statusCode).toBe(404);

    // Eleven days old: untouched by the job, still editable with its file.
    for (const id of [recentUpload.id, submittedUpload.id]) {
      const row = await fileOf(id);
      expect(row).toBeDefined();
      expect(storedFiles()).toContain(row!.storageName);
    }
    const view = await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: { 'x-registration-token': recent.token } });
    expect(view.json()).toMatchObject({ status: 'unfinished', uploads: [expect.objectContaining({ id: recentUpload.id })] });

    // A second run finds nothing more to do.
    await t.ctx.jobs.send(REGISTRATION_PRUNE_QUEUE, {});
    await t.runJobs();
    expect(await fileOf(recentUpload.id)).toBeDefined();
  });

  it('an upload touches its draft, so a draft still receiving files is not abandoned', async () => {
    const draft = await newDraft();
    clock = new Date(clock.getTime() + 29 * 24 * 3_600_000);
    const late = (await upload(draft.token, 'late.pdf', PDF_BYTES)).json() as { id: number };
    clock = new Date(clock.getTime() + 2 * 24 * 3_600_000);
    await t.ctx.jobs.send(REGISTRATION_PRUNE_QUEUE, {});
    await t.runJobs();
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, draft.registration.id));
    expect(row!.status).toBe('unfinished');
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, late.id))).length).toBe(1);
  });

  it('the hourly prune deletes counters whose window closed more than a day ago and keeps the others', async () => {
    const keyOf = (ip: string) => `registration:ip:${ip}`;
    expect((await start(applicant(), '10.50.0.1')).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 23 * 3_600_000);
    expect((await start(applicant(), '10.50.0.2')).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    await t.ctx.jobs.send(RATE_LIMIT_PRUNE_QUEUE, {});
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, [keyOf('10.50.0.1'), keyOf('10.50.0.2')]));
    expect(left.map((row) => row.key)).toEqual([keyOf('10.50.0.2')]);
    // A pruned address simply starts a fresh window.
    expect((await start(applicant(), '10.50.0.1')).statusCode).toBe(201);
  });
});
