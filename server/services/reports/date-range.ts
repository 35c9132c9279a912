import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addDays, DEFAULT_TIME_ZONE, type Day, dayStart } from '../../../domain/calendar';

/**
 * A "from / to" filter on an instant column: whole calendar days in `timeZone` (East Africa Time
 * unless told otherwise), `to` inclusive, through domain/calendar so a report and a dashboard
 * agree on which day 23:30 in Dar es Salaam falls (not midnight UTC, three hours later).
 */
export function dayRange(column: PgColumn, from?: Day, to?: Day, timeZone: string = DEFAULT_TIME_ZONE): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, dayStart(from, timeZone)));
  if (to) conditions.push(lt(column, dayStart(addDays(to, 1), timeZone)));
  return conditions;
}
