import type { Db } from '../../db/client';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { countPledges } from '../pledges/pledge-list';
import { callerToday, pledgeConditions } from '../pledges/pledge-filters';

export type PledgesAttention = { overdue: { count: number; remaining: number }; dueIn7Days: { count: number; remaining: number } };

/**
 * For an institution's dashboard: open pledges past their due date and those due in the next seven
 * days, with what remains to collect — the pledges list's own filters ('overdue', '7d'), so the
 * figure and the list it links to always agree. Bank staff and roles without pledges get none.
 */
export async function pledgesAttention(db: Db, user: AuthUser, now: Date): Promise<PledgesAttention | null> {
  if (user.userType === 'bank' || !hasGrant(user, 'pledges', 'view')) return null;
  const today = callerToday(user, now);
  const [overdue, soon] = await Promise.all([
    pledgeConditions(db, user, { due: 'overdue' }, today).then((where) => countPledges(db, where)),
    pledgeConditions(db, user, { due: '7d' }, today).then((where) => countPledges(db, where)),
  ]);
  return {
    overdue: { count: overdue.count, remaining: overdue.total - overdue.paid },
    dueIn7Days: { count: soon.count, remaining: soon.total - soon.paid },
  };
}
