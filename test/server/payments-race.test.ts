import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';
import { createGivingWorld, expectMoneyInvariants, give, type GivingWorld, mobileGift, phoneEnding, testClock, travel } from './payments-fixtures';

/**
 * The property behind "exactly one final state": whatever mix of callbacks (repeated, concurrent,
 * late), scheduled polls, staff "check now", staff cancels and handset answers reaches a payment,
 * in whatever order and overlap, it makes at most one final transition, posts at most one ledger
 * entry (exactly one iff completed, balanced), credits each share at most once and sends at most
 * one SMS receipt.
 */
const ACTIONS = ['callback', 'callbacks3', 'poll', 'check', 'cancel', 'accept', 'refuse', 'late'] as const;
type Action = (typeof ACTIONS)[number];

describe('payments: random interleavings of callbacks, polls, checks and cancels', () => {
  let t: TestApp;
  let w: GivingWorld;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { PAYMENT_RATE_PER_IP: '100000', PAYMENT_RATE_PER_PHONE: '100000' } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  async function run(paymentId: string, action: Action, staff: Record<string, string>) {
    const sim = t.selcom!;
    switch (action) {
      case 'callback':
        return sim.resendCallback(paymentId);
      case 'callbacks3':
        return Promise.all([sim.resendCallback(paymentId), sim.resendCallback(paymentId), sim.resendCallback(paymentId)]);
      case 'poll':
        await travel(t, clock, 40_000);
        return t.runJobs();
      case 'check':
        return t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/check`, headers: staff });
      case 'cancel':
        return t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/cancel`, headers: staff, payload: {} });
      case 'accept':
        return sim.answer(paymentId, 'accept');
      case 'refuse':
        return sim.answer(paymentId, 'refuse');
      case 'late':
        return sim.sendLateSuccess(paymentId);
    }
  }

  it('never makes two final transitions, never posts or credits twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), async (steps) => {
        const staff = (await signIn(t.app, w.users.church)).headers;
        const phone = phoneEnding(5);
        const res = await give(t, mobileGift(w, phone));
        expect(res.statusCode).toBe(201);
        const { id } = res.json() as { id: string };
        // Each step runs its actions at the same time.
        for (const step of steps) await Promise.all(step.map((action) => run(id, action, staff)));
        await t.settlePayments();
        const state = await expectMoneyInvariants(t, id);
        const sms = await t.smsInbox(phone);
        expect(sms).toHaveLength(state.status === 'completed' ? 1 : 0);
      }),
      { numRuns: 30 },
    );
  }, 180_000);

  it('ten concurrent copies of the same success callback: one transition, one entry, one credit, one SMS', async () => {
    const phone = phoneEnding(5);
    const res = await give(t, mobileGift(w, phone));
    const { id } = res.json() as { id: string };
    await t.selcom!.answer(id, 'accept');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.selcom!.resendCallback(id)));
    expect(answers).toEqual(Array.from({ length: 10 }, () => 200));
    await t.settlePayments();
    expect((await expectMoneyInvariants(t, id)).status).toBe('completed');
    const { rows } = await t.database.raw.query(`select count(*)::int as n from payment_events where transaction_id = $1 and outcome = 'completed'`, [id]);
    expect(rows[0]?.n).toBe(1);
    expect(await t.smsInbox(phone)).toHaveLength(1);
  });
});
