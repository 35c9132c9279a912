import { asc, inArray } from 'drizzle-orm';
import type { Divisions } from '../../../domain/money';
import type { Db } from '../../db/client';
import { offeringTypeDivisions } from '../../db/schema/members';

/** One period of an offering type's divisions: they apply to money received from `from` on. */
export type DivisionPeriod = { from: Date; divisions: Divisions };

/** Each type's periods, oldest first (a trigger writes them whatever changes the type, ADR 021). */
export async function loadDivisionHistory(db: Db, typeIds: readonly number[]): Promise<Map<number, DivisionPeriod[]>> {
  const history = new Map<number, DivisionPeriod[]>();
  if (typeIds.length === 0) return history;
  const rows = await db
    .select()
    .from(offeringTypeDivisions)
    .where(inArray(offeringTypeDivisions.offeringTypeId, [...typeIds]))
    .orderBy(asc(offeringTypeDivisions.effectiveFrom), asc(offeringTypeDivisions.id));
  for (const row of rows) {
    const periods = history.get(row.offeringTypeId) ?? [];
    periods.push({ from: row.effectiveFrom, divisions: { church: row.churchBp, field: row.fieldBp, union: row.unionBp } });
    history.set(row.offeringTypeId, periods);
  }
  return history;
}

/**
 * The divisions in force when money was received: the last period that began at or before it. A
 * receipt recorded offline before a change and synced after it keeps the shares of its own day;
 * money dated before the type's first period (clock skew) takes the first period's shares.
 */
export function divisionsAt(periods: readonly DivisionPeriod[] | undefined, receivedAt: Date, current: Divisions): Divisions {
  if (!periods || periods.length === 0) return current;
  let chosen = periods[0]!.divisions;
  for (const period of periods) {
    if (period.from.getTime() > receivedAt.getTime()) break;
    chosen = period.divisions;
  }
  return chosen;
}
