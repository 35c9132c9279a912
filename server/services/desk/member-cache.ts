import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CachedMember } from '../../../domain/api/receipts';
import { fieldLabels, messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { memberTransfers } from '../../db/schema/member-transfers';
import { members } from '../../db/schema/members';
import { AppError } from '../../lib/app-error';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from './desk-access';

/**
 * Rows changed by a transaction that started before this many seconds ago but committed after
 * a device read past it would be skipped forever; the resume cursor therefore never moves closer
 * to "now" than this, and the next refresh re-reads (and the device overwrites) those few rows.
 */
export const CACHE_SAFETY_SECONDS = 60;

type Position = { t: string; i: number };
const EPOCH: Position = { t: '1970-01-01T00:00:00.000000Z', i: 0 };
/** Microsecond UTC text, so the cursor compares exactly like the column (a JS Date would round to ms). */
const TS_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const TS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor(value: string): Position | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (parsed === null || typeof parsed !== 'object') return null;
    const { t, i } = parsed as Record<string, unknown>;
    if (typeof t !== 'string' || !TS_PATTERN.test(t) || typeof i !== 'number' || !Number.isSafeInteger(i) || i < 0) return null;
    return { t, i };
  } catch {
    return null;
  }
}

const earlier = (a: Position, b: Position) => (a.t < b.t || (a.t === b.t && a.i < b.i) ? a : b);

/**
 * One page of the device member cache, changes only: members (soft-deleted ones as deleted: true)
 * ordered by (updated_at, id) after the `since` cursor, within one institution or the caller's scope.
 * For one institution the feed also carries the members it transferred away (ADR 054) as removals:
 * acceptance touches the member row, so its (updated_at, id) passes every device's cursor once more,
 * and a device that cached the member drops them on its next refresh.
 */
export async function memberCachePage(
  db: Db,
  user: AuthUser,
  query: { institutionId?: number | undefined; since?: string | undefined; limit: number },
  t: Translate,
): Promise<{ data: CachedMember[]; next: string | null; cursor: string }> {
  const since = query.since ? decodeCursor(query.since) : null;
  if (query.since && !since) {
    throw new AppError(400, 'validation', messages.fieldInvalid, { field: t(fieldLabels.since) }, [
      { path: 'since', descriptor: messages.fieldInvalid, values: { field: t(fieldLabels.since) } },
    ]);
  }
  const conditions: SQL[] = [];
  if (query.institutionId !== undefined) {
    await requireScopedInstitution(db, user, query.institutionId);
    const left = db
      .select({ id: memberTransfers.memberId })
      .from(memberTransfers)
      .where(and(eq(memberTransfers.fromInstitutionId, query.institutionId), eq(memberTransfers.status, 'accepted')));
    conditions.push(or(eq(members.institutionId, query.institutionId), inArray(members.id, left))!);
  } else {
    conditions.push(institutionScope(user));
  }
  if (since) conditions.push(sql`(${members.updatedAt}, ${members.id}) > (${since.t}::timestamptz, ${since.i})`);
  const rows = await db
    .select({
      id: members.id,
      institutionId: members.institutionId,
      code: members.code,
      firstName: members.firstName,
      lastName: members.lastName,
      phone: members.phone,
      preferredLanguage: members.preferredLanguage,
      zoneId: members.zoneId,
      deletedAt: members.deletedAt,
      position: sql<string>`to_char(${members.updatedAt} at time zone 'UTC', ${sql.raw(TS_FORMAT)})`,
    })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(...conditions))
    .orderBy(asc(members.updatedAt), asc(members.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const lastPosition = last ? { t: last.position, i: last.id } : null;
  let resume: Position;
  if (more && lastPosition) {
    resume = lastPosition;
  } else {
    const [horizon] = await db
      .select({ t: sql<string>`to_char((now() - ${sql.raw(`interval '${CACHE_SAFETY_SECONDS} seconds'`)}) at time zone 'UTC', ${sql.raw(TS_FORMAT)})` })
      .from(sql`(select 1) as one`);
    resume = earlier(lastPosition ?? since ?? EPOCH, { t: horizon!.t, i: 0 });
  }
  // A member who now belongs elsewhere is a removal here: no zone of the other institution leaks out.
  const gone = (row: { institutionId: number }) => query.institutionId !== undefined && row.institutionId !== query.institutionId;
  return {
    data: page.map((row) => ({
      id: row.id,
      institutionId: gone(row) ? query.institutionId! : row.institutionId,
      code: row.code,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      preferredLanguage: row.preferredLanguage === 'en' ? 'en' : 'sw',
      zoneId: gone(row) ? null : row.zoneId,
      deleted: row.deletedAt !== null || gone(row),
    })),
    next: more && lastPosition ? encodeCursor(lastPosition) : null,
    cursor: encodeCursor(resume),
  };
}
