import { asc, countDistinct, eq, max, min, sql, sum } from 'drizzle-orm';
import type { UnsentCashList } from '../../../domain/api/unsent-cash';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { unsentCashReports } from '../../db/schema/unsent-cash';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { DESK_READERS } from './desk-access';

/** A report not renewed for this long is shown as stale: the device has not been heard from since. */
export const UNSENT_STALE_DAYS = 30;
const DAY_MS = 86_400_000;
/** The dashboard names this many; `count` says how many there are in all. */
const LIST_LIMIT = 20;

const r = unsentCashReports;

/**
 * The dashboard's unsent cash (issue 16): per device, user and institution in the caller's scope,
 * what the device last reported, the oldest unsent first. Only reports are known: a device that
 * never reported is not counted, and every figure is "as last reported" (`reportedAt`). Like the
 * stale batches, only for those who may read the desk; anyone else with a dashboard gets none.
 */
export async function unsentCashList(ctx: AppContext, user: AuthUser): Promise<UnsentCashList> {
  if (!hasGrant(user, 'dashboard', 'view') && !hasGrant(user, 'entityDashboard', 'view')) throw errors.forbidden();
  const empty = { staleDays: UNSENT_STALE_DAYS, count: 0, devices: [] };
  if (!DESK_READERS.some(([feature, action]) => hasGrant(user, feature, action))) return empty;
  const db = ctx.database.db;
  const scope = institutionScope(user);
  const staleBefore = ctx.now().getTime() - UNSENT_STALE_DAYS * DAY_MS;
  const oldest = min(r.oldestAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        deviceId: r.deviceId,
        userId: r.userId,
        userName: users.name,
        institutionId: r.institutionId,
        institution: institutions.title,
        receipts: sum(r.receipts).mapWith(Number),
        held: sum(r.held).mapWith(Number),
        // Largest first; amounts are bigint, which json keeps as a number (< 2^53 by the report's schema).
        totals: sql<Array<{ currency: string; amount: number }>>`json_agg(json_build_object('currency', ${r.currency}, 'amount', ${r.amount}) order by ${r.amount} desc, ${r.currency})`,
        oldestAt: oldest.mapWith((value: string | Date) => new Date(value)),
        reportedAt: max(r.reportedAt).mapWith((value: string | Date) => new Date(value)),
      })
      .from(r)
      .innerJoin(institutions, eq(institutions.id, r.institutionId))
      .innerJoin(users, eq(users.id, r.userId))
      .where(scope)
      .groupBy(r.deviceId, r.userId, users.name, r.institutionId, institutions.title)
      .orderBy(asc(oldest), asc(r.userId), asc(r.deviceId), asc(r.institutionId))
      .limit(LIST_LIMIT),
    db
      .select({ n: countDistinct(sql`(${r.deviceId}, ${r.userId}, ${r.institutionId})`) })
      .from(r)
      .innerJoin(institutions, eq(institutions.id, r.institutionId))
      .where(scope),
  ]);
  return {
    staleDays: UNSENT_STALE_DAYS,
    count: Number(total?.n ?? 0),
    devices: rows.map((row) => ({
      deviceId: row.deviceId,
      user: { id: row.userId, name: row.userName },
      institution: { id: row.institutionId, title: row.institution },
      receipts: row.receipts,
      held: row.held,
      totals: row.totals.map((money) => ({ currency: money.currency, amount: Number(money.amount) })),
      oldestAt: row.oldestAt.toISOString(),
      reportedAt: row.reportedAt.toISOString(),
      stale: row.reportedAt.getTime() < staleBefore,
    })),
  };
}
