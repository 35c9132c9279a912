import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createMember } from '../factories/giving';
import { pdfText } from '../factories/pdf-text';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

describe('congregation statements (GET /api/institutions/{id}/statements?year=&format=zip|pdf)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<'union' | 'church' | 'churchB' | 'mosque', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    for (const role of ['union', 'church', 'churchB', 'mosque'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const grace = await createMember(db, { institutionId: w.churchA.id, firstName: 'Grace', lastName: 'Mollel', preferredLanguage: 'en' });
    const baraka = await createMember(db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Kimaro', preferredLanguage: 'sw' });
    await createMember(db, { institutionId: w.churchA.id, firstName: 'Zuhura', lastName: 'Ñandú', preferredLanguage: 'en' });
    await createMember(db, { institutionId: w.churchB.id, firstName: 'Other', lastName: 'Congregation' });
    const tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Tithe' });
    await sync(t.app, 'cash-receipts', headers.church, [
      receiptEntry({ institutionId: w.churchA.id, memberId: grace.id, receivedAt: '2026-06-07T10:00:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 50_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, memberId: baraka.id, receivedAt: '2026-06-07T10:00:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 77_700 }] }),
      receiptEntry({ institutionId: w.churchA.id, memberId: baraka.id, receivedAt: '2025-06-07T10:00:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 11_100 }] }),
    ]);
  });
  afterAll(() => t.close());

  const statements = (role: keyof typeof headers, institutionId: number, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/institutions/${institutionId}/statements?${query}`, headers: headers[role] });

  it('zips one PDF per member, named after the member, each in the member’s language with only that member’s givings', async () => {
    const res = await statements('church', w.churchA.id, 'year=2026');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names).toHaveLength(3);
    const byName = (part: string) => {
      const name = names.find((n) => n.includes(part));
      expect(name, `a file for ${part} in ${names.join(', ')}`).toBeDefined();
      return pdfText(Buffer.from(files[name!]!));
    };
    const grace = byName('Grace-Mollel');
    expect(grace).toContain('Giving statement 2026');
    expect(grace).toContain('Grace Mollel');
    expect(grace).toMatch(/TSh\s*500/);
    expect(grace).not.toContain('Baraka');
    const baraka = byName('Baraka-Kimaro');
    expect(baraka).toContain('Taarifa ya utoaji 2026');
    expect(baraka).toContain('Baraka Kimaro');
    expect(baraka).not.toContain('111');
    // A name in letters outside ASCII still gives a plain file name.
    expect(names.some((n) => /Zuhura-Nandu-2026\.pdf$/.test(n))).toBe(true);
    expect(names.every((n) => n.endsWith('-2026.pdf'))).toBe(true);
  });

  it('merges the congregation into one PDF, each member from a new page', async () => {
    const res = await statements('union', w.churchA.id, 'year=2026&format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const name of ['Grace Mollel', 'Baraka Kimaro', 'Zuhura Ñandú']) expect(text).toContain(name);
    expect(text).not.toContain('Other Congregation');
    expect(res.rawPayload.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('is not found outside the caller’s scope and refuses a bad year or format', async () => {
    expect((await statements('churchB', w.churchA.id, 'year=2026')).statusCode).toBe(404);
    expect((await statements('mosque', w.churchA.id, 'year=2026')).statusCode).toBe(404);
    expect((await statements('church', 999_999, 'year=2026')).statusCode).toBe(404);
    expect((await statements('church', w.churchA.id, 'year=1999')).statusCode).toBe(400);
    expect((await statements('church', w.churchA.id, 'year=2026&format=docx')).statusCode).toBe(400);
  });
});
