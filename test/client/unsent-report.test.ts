import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { REPORT_REFRESH_MS, reportUnsentCash } from '../../src/lib/offline/unsent-report';
import { freshDevice, INSTITUTION, payerDraft, signInAs, TREASURER } from './outbox-helpers';

const AUTH = { token: 'token-1', userId: TREASURER.id, locale: 'en' as const };
const DEVICE = /^[0-9A-HJKMNP-TV-Z]{5}$/;

/** The network: records what the device sent and answers as told (a fake server, not our code). */
function fakeServer(answer: () => Response | Promise<Response> = () => Response.json({ reportedAt: new Date().toISOString(), receipts: 0 })) {
  const sent: Array<{ url: string; headers: Record<string, string>; body: { deviceId: string; groups: unknown[] } }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    return answer();
  };
  return { sent, fetch };
}

beforeEach(freshDevice);

describe('the unsent cash report of a device (issue 16)', () => {
  it('says nothing before the device has numbered a receipt', async () => {
    const server = fakeServer();
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch })).toBe(false);
    expect(server.sent).toEqual([]);
  });

  it('sums this person’s unsent receipts per institution and currency, refused ones counted as held, others’ left out', async () => {
    await recordReceipt(payerDraft({ lines: [{ offeringTypeId: 1, amount: 10_000 }] }));
    await recordReceipt(payerDraft({ lines: [{ offeringTypeId: 1, amount: 2_500 }, { offeringTypeId: 2, amount: 500 }] }));
    await recordReceipt(payerDraft({ currency: 'USD', lines: [{ offeringTypeId: 1, amount: 700 }] }));
    const first = await db.outbox.orderBy('seq').first();
    await db.outbox.update(first!.seq!, { state: 'rejected' });
    // Another treasurer on the same device: their receipts are theirs to report.
    signInAs(99, 'token-2');
    await recordReceipt(payerDraft({ recordedBy: { id: 99, name: 'Other' } }));
    signInAs(TREASURER.id, 'token-1');

    const server = fakeServer();
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch, baseUrl: '/api' })).toBe(true);
    expect(server.sent).toHaveLength(1);
    const [report] = server.sent;
    expect(report!.url).toBe('/api/devices/unsent-cash');
    expect(report!.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'application/json' });
    expect(report!.body.deviceId).toMatch(DEVICE);
    expect(report!.body.groups).toEqual([
      { institutionId: INSTITUTION.id, currency: 'TZS', receipts: 2, held: 1, amount: 13_000, oldestAt: new Date(first!.createdAt).toISOString() },
      { institutionId: INSTITUTION.id, currency: 'USD', receipts: 1, held: 0, amount: 700, oldestAt: expect.any(String) },
    ]);
  });

  it('repeats the same figures only after a while, sends a change at once, and reports nothing left once', async () => {
    let now = Date.parse('2026-11-28T09:00:00Z');
    const clock = () => now;
    const receipt = await recordReceipt(payerDraft());
    const server = fakeServer();
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch, now: clock })).toBe(true);
    now += REPORT_REFRESH_MS - 1;
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch, now: clock })).toBe(false);
    now += 1;
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch, now: clock })).toBe(true);
    expect(server.sent).toHaveLength(2);

    // Synced: the entry leaves the outbox; the server hears "nothing left" once, then silence.
    await db.outbox.where('id').equals(receipt.id).delete();
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch, now: clock })).toBe(true);
    expect(server.sent.at(-1)!.body.groups).toEqual([]);
    now += REPORT_REFRESH_MS * 10;
    expect(await reportUnsentCash(AUTH, { fetch: server.fetch, now: clock })).toBe(false);
    expect(server.sent).toHaveLength(3);
  });

  it('forgets a report that did not get through, so the next attempt sends it again', async () => {
    await recordReceipt(payerDraft());
    const down = fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await reportUnsentCash(AUTH, { fetch: down.fetch })).toBe(false);
    const busy = fakeServer(() => new Response('{}', { status: 503 }));
    expect(await reportUnsentCash(AUTH, { fetch: busy.fetch })).toBe(false);
    const up = fakeServer();
    expect(await reportUnsentCash(AUTH, { fetch: up.fetch })).toBe(true);
    expect([down.sent.length, busy.sent.length, up.sent.length]).toEqual([1, 1, 1]);
  });
});
