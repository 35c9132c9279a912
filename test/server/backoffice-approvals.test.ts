import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequests } from '../../server/db/schema/approvals';
import { activityLog } from '../../server/db/schema/auth';
import { users } from '../../server/db/schema/users';
import { roleGroup } from '../factories/role-groups';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

const ACTORS = ['branchMaker', 'admin', 'checker', 'otherBranch', 'church'] as const;
type Actor = (typeof ACTORS)[number];
/** Who holds `approve` for bank-user requests (and sees the maker's branch): the two administrators. */
const APPROVERS: readonly Actor[] = ['admin', 'checker'];
const MAKERS: readonly Actor[] = ['branchMaker', 'admin', 'checker'];

describe('maker-checker engine (GET/POST /api/requests…)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Actor, Record<string, string>>;
  const ids = {} as Record<Actor, number>;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    const people: Record<Actor, { id: number; username: string; password: string }> = {
      branchMaker: w.users.branch,
      admin: w.users.admin,
      checker: await createUser(db, { role: 'Bank Administrator' }),
      otherBranch: await createUser(db, { role: 'Branch Officer', branchId: w.otherBranch.id }),
      church: w.users.church,
    };
    for (const actor of ACTORS) {
      headers[actor] = { ...(await signIn(t.app, people[actor])).headers, lang: 'en' };
      ids[actor] = people[actor].id;
    }
  });
  afterAll(() => t.close());

  const call = (actor: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers[actor], ...(payload ? { payload } : {}) });

  async function submitBankUser(maker: Actor): Promise<{ requestId: number; username: string }> {
    seq += 1;
    const username = `staff.${seq}.${Date.now() % 100_000}`;
    const res = await call(maker, 'POST', '/api/users', {
      username,
      name: `Staff ${seq}`,
      email: `${username}@sadakabank.co.tz`,
      phone: `+2557544${String(seq).padStart(5, '0')}`,
      roleGroupId: await roleGroup(t.database.db, 'Branch Officer'),
      branchId: w.branch.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { requestId: res.json().requestId, username };
  }

  const userExists = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))).length > 0;

  it('property: no change takes effect without a different authorised approver, and nothing resolves twice', async () => {
    type Op = { kind: 'submit'; actor: Actor } | { kind: 'approve' | 'reject'; actor: Actor; pick: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('submit' as const), actor: fc.constantFrom(...MAKERS) }),
      fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), actor: fc.constantFrom(...ACTORS), pick: fc.nat(20) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const model: Array<{ requestId: number; username: string; maker: Actor; status: 'requested' | 'approved' | 'rejected'; checker: Actor | null }> = [];
        for (const step of ops) {
          if (step.kind === 'submit') {
            const made = await submitBankUser(step.actor);
            model.push({ ...made, maker: step.actor, status: 'requested', checker: null });
            continue;
          }
          const target = model[step.pick % Math.max(model.length, 1)];
          if (!target) continue;
          const url = `/api/requests/${target.requestId}/${step.kind}`;
          const res = await call(step.actor, 'POST', url, step.kind === 'reject' ? { reason: 'Not this time' } : {});
          const allowed = APPROVERS.includes(step.actor);
          if (!allowed) {
            // Unauthorised users and other branches never get through, whatever the state.
            expect([403, 404], `${step.actor} ${step.kind}: ${res.body}`).toContain(res.statusCode);
          } else if (step.actor === target.maker) {
            expect(res.statusCode, res.body).toBe(403);
            expect(res.json().code).toBe('own_request');
          } else if (target.status !== 'requested') {
            expect(res.statusCode, res.body).toBe(409);
          } else {
            expect(res.statusCode, res.body).toBe(200);
            target.status = step.kind === 'approve' ? 'approved' : 'rejected';
            target.checker = step.actor;
            expect(res.json().status).toBe(target.status);
          }
        }
        // The database agrees with the model: a user exists exactly when its request was approved,
        // by someone other than its maker, and each request was decided at most once.
        for (const entry of model) {
          expect(await userExists(entry.username), entry.username).toBe(entry.status === 'approved');
          const [row] = await t.database.db.select().from(approvalRequests).where(eq(approvalRequests.id, entry.requestId));
          expect(row!.status).toBe(entry.status);
          expect(row!.checkerId).toBe(entry.checker === null ? null : ids[entry.checker]);
          if (entry.checker !== null) expect(entry.checker).not.toBe(entry.maker);
          const decisions = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, String(entry.requestId)));
          expect(decisions.filter((d) => d.action === 'request.approved' || d.action === 'request.rejected')).toHaveLength(entry.checker === null ? 0 : 1);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('two checkers approving at once: exactly one 200, the other 409, one user created', async () => {
    const { requestId, username } = await submitBankUser('branchMaker');
    const results = await Promise.all([
      call('admin', 'POST', `/api/requests/${requestId}/approve`, {}),
      call('checker', 'POST', `/api/requests/${requestId}/approve`, {}),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [created] = await t.database.db.select().from(users).where(eq(users.username, username));
    expect(created).toMatchObject({ status: 'activated', forceChangePassword: true, userType: 'bank', branchId: w.branch.id });
  });

  it('an approve racing a reject resolves once', async () => {
    const { requestId, username } = await submitBankUser('branchMaker');
    const results = await Promise.all([
      call('admin', 'POST', `/api/requests/${requestId}/approve`, {}),
      call('checker', 'POST', `/api/requests/${requestId}/reject`, { reason: 'No' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().status;
    expect(await userExists(username)).toBe(winner === 'approved');
  });

  it('answers the contract: 403 with the spec wording, 403 to the maker, 409 once resolved, 409 for a second pending request', async () => {
    const { requestId, username } = await submitBankUser('branchMaker');
    const noAccess = await call('otherBranch', 'POST', `/api/requests/${requestId}/approve`, {});
    expect(noAccess.statusCode).toBe(403);
    const sameBranch = await call('branchMaker', 'POST', `/api/requests/${requestId}/approve`, {});
    expect(sameBranch.statusCode).toBe(403);
    expect(sameBranch.json().message).toBe("You don't have access to approve bank user");

    const { requestId: adminMade } = await submitBankUser('admin');
    const own = await call('admin', 'POST', `/api/requests/${adminMade}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/another person must approve/);

    const duplicate = await call('branchMaker', 'POST', '/api/users', {
      username,
      name: 'Again',
      email: `again.${username}@sadakabank.co.tz`,
      phone: '+255754499999',
      roleGroupId: await roleGroup(t.database.db, 'Branch Officer'),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A request for this is already waiting for approval');

    const reject = await call('checker', 'POST', `/api/requests/${requestId}/reject`, { reason: 'Wrong branch for this person' });
    expect(reject.json()).toEqual({ id: requestId, status: 'rejected', reason: 'Wrong branch for this person' });
    expect((await call('admin', 'POST', `/api/requests/${requestId}/approve`, {})).statusCode).toBe(409);
    expect((await call('admin', 'POST', `/api/requests/${requestId}/reject`, { reason: 'x' })).statusCode).toBe(409);
    expect(await userExists(username)).toBe(false);

    const tooLong = await call('checker', 'POST', `/api/requests/${adminMade}/reject`, { reason: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Reason must be at most 1000 characters');
    const empty = await call('checker', 'POST', `/api/requests/${adminMade}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect((await call('church', 'GET', '/api/requests')).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/requests/999999/approve', {})).statusCode).toBe(404);
  });

  it('lists what the caller may check, with counts equal to getTotalPendingRegistration', async () => {
    await submitBankUser('branchMaker');
    for (const actor of ['admin', 'branchMaker', 'otherBranch'] as const) {
      const list = (await call(actor, 'GET', '/api/requests?status=requested&limit=100')).json();
      const badge = (await call(actor, 'GET', '/api/getTotalPendingRegistration')).json();
      expect(list.counts, actor).toEqual(badge);
      expect(list.count, actor).toBe(badge.total);
    }
    const admin = (await call('admin', 'GET', '/api/requests?type=bank-user&status=requested&limit=100')).json();
    const mine = admin.data.find((item: { makerId: number }) => item.makerId === ids.branchMaker);
    expect(mine).toMatchObject({ type: 'bank-user', status: 'requested', canCheck: true, branchId: w.branch.id, makerName: expect.any(String) });
    expect(typeof mine.createdAt).toBe('string');
    const maker = (await call('branchMaker', 'GET', '/api/requests?type=bank-user&status=requested&limit=100')).json();
    expect(maker.data.every((item: { canCheck: boolean }) => !item.canCheck)).toBe(true);
    // Another branch's requests are invisible to a branch officer.
    const other = (await call('otherBranch', 'GET', '/api/requests?limit=100')).json();
    expect(other.data.filter((item: { branchId: number }) => item.branchId === w.branch.id)).toEqual([]);
    const detail = (await call('admin', 'GET', `/api/requests/${mine.id}`)).json();
    expect(detail.payload).toMatchObject({ username: expect.any(String), roleGroupId: expect.any(Number) });
    expect((await call('otherBranch', 'GET', `/api/requests/${mine.id}`)).statusCode).toBe(403);
  });

  it('the maker may withdraw (not approved); nobody else may', async () => {
    const { requestId } = await submitBankUser('branchMaker');
    expect((await call('admin', 'POST', `/api/requests/${requestId}/withdraw`)).statusCode).toBe(403);
    const withdrawn = await call('branchMaker', 'POST', `/api/requests/${requestId}/withdraw`);
    expect(withdrawn.json()).toEqual({ id: requestId, status: 'not_approved', reason: null });
    expect((await call('admin', 'POST', `/api/requests/${requestId}/approve`, {})).statusCode).toBe(409);
  });

  it('a request whose payload can no longer be applied ends denied, changing nothing', async () => {
    const first = await submitBankUser('branchMaker');
    const row = (await t.database.db.select().from(approvalRequests).where(eq(approvalRequests.id, first.requestId)))[0]!;
    // Someone else takes the email before approval (e.g. an earlier approval of another request).
    const email = (row.payload as { email: string }).email;
    await createUser(t.database.db, { role: 'Branch Officer', branchId: w.branch.id, email });
    const res = await call('admin', 'POST', `/api/requests/${first.requestId}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'denied', reason: 'The username or email is already in use' });
    expect(await userExists(first.username)).toBe(false);
  });
});
