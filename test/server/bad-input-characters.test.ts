import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchEntry, createCurrency, createOfferingType, type OfferingTypeRow, memberEntry, receiptEntry, sync } from '../factories/desk';
import { createReligion } from '../factories/reference';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// Issue 10, faults and bad input: NUL and other control characters, and empty PATCH bodies.
describe('control characters and empty changes are refused at the schema, never a 500', () => {
  let t: TestApp;
  let w: World;
  let tithe: OfferingTypeRow;
  let admin: Record<string, string>;
  let treasurer: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    tithe = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Zaka' });
    admin = (await signIn(t.app, w.users.admin)).headers;
    treasurer = (await signIn(t.app, w.users.church)).headers;
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload: object | undefined, headers: Record<string, string> = {}, lang = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...headers, lang }, remoteAddress: '10.9.0.1' });

  it('answers NUL in any text field with a localised 400 naming the field (anonymous and signed in)', async () => {
    const reset = await call('POST', '/api/password-reset', { username: 'a\u0000b', channel: 'sms' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ statusCode: 400, code: 'validation', message: expect.stringContaining('not allowed') });
    const sw = await call('POST', '/api/password-reset', { username: 'a\u0000b', channel: 'sms' }, {}, 'sw');
    expect(sw.json().message).toContain('herufi zisizoruhusiwa');
    expect((await call('POST', '/api/login', { username: 'x\u0007', password: 'Wrong#Pass1' })).statusCode).toBe(400);
    expect((await call('GET', '/api/users?search=%00', undefined, admin)).statusCode).toBe(400);
    const branch = await call('POST', '/api/branches', { name: 'Tab\u0000', shortCode: 'NUL' }, admin);
    expect(branch.statusCode).toBe(400);
    expect(branch.json().fields[0].path).toBe('name');
    // Tabs and line breaks are ordinary text.
    expect((await call('POST', '/api/branches', { name: 'Two\nlines', shortCode: 'TWOL' }, admin)).statusCode).toBe(201);
  });

  it('answers a sync entry with a control character on its own; its neighbours are stored', async () => {
    const good = [memberEntry({ institutionId: w.churchA.id, phone: '+255754000801' }), memberEntry({ institutionId: w.churchA.id, phone: '+255754000803' })];
    const bad = { ...memberEntry({ institutionId: w.churchA.id, phone: '+255754000802' }), firstName: 'Ne\u0000ma' };
    const results = await sync(t.app, 'members', treasurer, [good[0], bad, good[1]]);
    expect(results.map((r) => r.status)).toEqual(['created', 'rejected', 'created']);
    expect(results[1]).toMatchObject({ id: bad.id, code: 'invalid' });

    const receipt = receiptEntry({ institutionId: w.churchA.id, lines: [{ offeringTypeId: tithe.id, amount: 500 }] });
    const badReceipt = { ...receiptEntry({ institutionId: w.churchA.id, lines: [{ offeringTypeId: tithe.id, amount: 500 }] }), payer: { name: 'X\u0000', phone: '+255754000111' } };
    expect((await sync(t.app, 'cash-receipts', treasurer, [badReceipt, receipt])).map((r) => r.status)).toEqual(['rejected', 'created']);

    // The third sync the issue names: a counting batch whose name carries a NUL.
    const batches = [batchEntry({ institutionId: w.churchA.id }), { ...batchEntry({ institutionId: w.churchA.id }), name: 'Ibada\u0000' }, batchEntry({ institutionId: w.churchA.id })];
    const batchResults = await sync(t.app, 'receipt-batches', treasurer, batches);
    expect(batchResults.map((r) => r.status)).toEqual(['created', 'rejected', 'created']);
    expect(batchResults[1]).toMatchObject({ id: batches[1]!.id, code: 'invalid' });
  });

  it('answers an empty PATCH with a localised 400', async () => {
    const religion = await createReligion(t.database.db, { nameEn: 'Patchable', nameSw: 'Inabadilika' });
    const currency = await call('POST', '/api/settings/currencies', { territory: 'Kenya', alphaCode: 'KES', numericCode: '404', value: '20.5' }, admin);
    for (const url of [`/api/religions/${religion.id}`, `/api/settings/currencies/${currency.json().id}`]) {
      const res = await call('PATCH', url, {}, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Nothing to change: send at least one field');
    }
  });

  it('refuses an id beyond a PostgreSQL integer at the schema, naming the field, in path, query and body', async () => {
    const tooBig = '2147483648';
    const inPath = await call('GET', `/api/members/${tooBig}`, undefined, treasurer, 'sw');
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ code: 'validation', fields: [{ path: 'id' }] });
    const inQuery = await call('GET', `/api/members?institutionId=${tooBig}`, undefined, admin);
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().fields[0].path).toBe('institutionId');
    const inBody = await call('POST', '/api/zones', { name: 'Mbali', institutionId: Number(tooBig) }, treasurer);
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().fields[0].path).toBe('institutionId');
    // The largest integer PostgreSQL holds is a valid id that names nothing here.
    expect((await call('GET', '/api/members/2147483647', undefined, treasurer)).statusCode).toBe(404);
  });
});
