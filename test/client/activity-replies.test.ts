import { describe, expect, it } from 'vitest';
import { ActivityList as ActivityListSchema, SessionLogList as SessionLogListSchema } from '../../domain/api/back-office-reports';
import { ActivityList, SessionLogList } from '../../src/features/activity/replies';
import { assertSameReading } from './reply-oracle';

// The activity and session logs are read without zod (src/features/activity/replies.ts): what they
// keep must be what the contract's schemas keep, and a reply the schemas refuse is refused too.

const activity = {
  id: 801,
  at: '2026-03-01T09:30:00.000Z',
  userId: 7,
  userName: 'Asha Mussa',
  action: 'user.create',
  entityType: 'user',
  entityId: '12',
  details: 'bank-user request 41',
  ipAddress: '127.0.0.1',
  userAgent: 'Mozilla/5.0',
  raw: { never: 'kept' },
};
const systemActivity = { ...activity, id: 802, userId: null, userName: null, entityType: null, entityId: null, details: null, ipAddress: null, userAgent: null };
const session = {
  sessionId: 's-1',
  userId: 7,
  userName: 'Asha Mussa',
  ipAddress: '127.0.0.1',
  deviceType: 'desktop',
  version: '1.10.40',
  browserAgent: 'Mozilla/5.0',
  startedAt: '2026-03-01T09:00:00.000Z',
  lastAccess: '2026-03-01T09:30:00.000Z',
  state: 'active',
  tokenHash: 'never kept',
};
const oldSession = { ...session, sessionId: 's-2', ipAddress: null, deviceType: null, version: null, browserAgent: null, state: 'revoked' };

describe('activity replies read without zod', () => {
  it('keep what the contract keeps', () => {
    const activities = { data: [activity, systemActivity], count: 2, nextCursor: 'c1' };
    expect(ActivityList.parse(activities)).toStrictEqual(ActivityListSchema.parse(activities));
    const sessions = { data: [session, oldSession], count: 2, nextCursor: null, extra: true };
    expect(SessionLogList.parse(sessions)).toStrictEqual(SessionLogListSchema.parse(sessions));
  });

  it('refuse what the contract refuses', () => {
    for (const [plain, zod, reply] of [
      [ActivityList, ActivityListSchema, { data: [{ ...activity, id: '801' }], count: 1, nextCursor: null }],
      [ActivityList, ActivityListSchema, { data: [activity], count: 1 }],
      [SessionLogList, SessionLogListSchema, { data: [session], count: 1, nextCursor: 3 }],
      [ActivityList, ActivityListSchema, { data: [activity] }],
      [SessionLogList, SessionLogListSchema, { data: [{ ...session, state: 'paused' }], count: 1, nextCursor: null }],
      [SessionLogList, SessionLogListSchema, { data: [{ ...session, userId: null }], count: 1, nextCursor: null }],
    ] as const) {
      expect(zod.safeParse(reply).success).toBe(false);
      expect(() => plain.parse(reply)).toThrow();
    }
  });

  it('agree with the contract on replies with fields missing, of another kind or unknown', () => {
    assertSameReading(ActivityList, ActivityListSchema, [{ data: [activity, systemActivity], count: 40, nextCursor: 'c1' }]);
    assertSameReading(SessionLogList, SessionLogListSchema, [{ data: [session, oldSession], count: 2, nextCursor: null }]);
  });
});
