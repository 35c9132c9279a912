import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `from`/`to` as whole UTC days, `to` inclusive. */
export function dayRange(column: PgColumn, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, new Date(`${from}T00:00:00Z`)));
  if (to) conditions.push(lt(column, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)));
  return conditions;
}
