import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fieldLabels, messages } from '../../domain/messages';
import { AppError } from './app-error';
import type { Translate } from './describe-issue';

/**
 * Keyset paging for every list (ADR 062): a page ends at the sort key of its last row, and the
 * next page starts strictly after it, so page 1,000 costs what page 1 does (no OFFSET).
 *
 * The cursor is the last row's sort values as base64url JSON: opaque to clients, and only a
 * position: whoever crafts one still gets rows of their own scope, from that position on.
 */

/** An instant as PostgreSQL prints it to the microsecond: a JS Date keeps milliseconds and would skip or repeat rows. */
export const cursorTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
export const cursorUuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
export const cursorId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const cursorText = z.string().max(400);

/** `column` as text a cursor can carry exactly (see cursorTime); select it beside the row. */
export function microsecondText(column: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position in `value`, or a localised 400 when it is not one this list wrote. */
export function decodeCursor<Shape extends z.ZodTuple>(value: string | undefined, shape: Shape, t: Translate): z.output<Shape> | null {
  if (value === undefined || value === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const position = shape.safeParse(parsed);
  if (position.success) return position.data;
  const field = { field: t(fieldLabels.cursor) };
  throw new AppError(400, 'validation', messages.fieldInvalid, field, [{ path: 'cursor', descriptor: messages.fieldInvalid, values: field }]);
}

/**
 * Rows after `position` in the order (keys…) all ascending or all descending: one row comparison,
 * which PostgreSQL answers as a range of an index in that order.
 */
export function afterPosition(keys: ReadonlyArray<AnyPgColumn | SQL>, position: readonly unknown[], order: 'asc' | 'desc', casts: ReadonlyArray<string | null> = []): SQL {
  const values = position.map((value, i) => (casts[i] ? sql`${value}::${sql.raw(casts[i])}` : sql`${value}`));
  const operator = sql.raw(order === 'asc' ? '>' : '<');
  return sql`(${sql.join([...keys], sql`, `)}) ${operator} (${sql.join(values, sql`, `)})`;
}

/**
 * The page (the first `limit` of `rows`, fetched with `limit + 1`) and the cursor after its last
 * row when there is more.
 */
export function pageOf<Row>(rows: Row[], limit: number, positionOf: (row: Row) => readonly unknown[]): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null };
}
