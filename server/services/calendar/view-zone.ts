import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

/**
 * The time zone whose days a list, export or dashboard is cut by (ADR 077), resolved as the reports
 * resolve theirs (stats/report-scope.ts): the zone of the institution chosen, else the caller's
 * own (AuthUser.timeZone: their institution's, or East Africa Time for bank staff looking across
 * institutions). Unlike reportRoot it never refuses: a chosen institution outside the caller's
 * scope leaves the caller's zone, and the scope condition of the query itself then finds nothing.
 */
export async function viewZone(db: Db, user: AuthUser, institutionId: number | undefined): Promise<string> {
  if (institutionId === undefined || institutionId === user.institutionId) return user.timeZone;
  const [row] = await db
    .select({ timeZone: institutions.timeZone })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), institutionScope(user)));
  return row?.timeZone ?? user.timeZone;
}
