import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CachedMember } from '../../../domain/api/receipts';
import { fieldLabels, messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { institutionAffiliations, institutions } from '../../db/schema/institutions';
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

const cacheColumns = {
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
};
type CacheRow = { id: number; institutionId: number; code: string; firstName: string; lastName: string; phone: string; preferredLanguage: string; zoneId: number | null; deleted: boolean; position: string };

const afterCursor = (since: Position | null) => (since ? sql`(${members.updatedAt}, ${members.id}) > (${since.t}::timestamptz, ${since.i})` : undefined);

/**
 * One page of the device member cache, changes only: members (soft-deleted ones as deleted: true)
 * ordered by (updated_at, id) after the `since` cursor, within one institution or the caller's scope.
 * Both feeds also carry the members that left by an accepted transfer (ADR 054) as removals:
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
  let rows: CacheRow[];
  if (query.institutionId !== undefined) {
    await requireScopedInstitution(db, user, query.institutionId);
    rows = await institutionPage(db, query.institutionId, since, query.limit + 1);
  } else {
    // Three keyset reads, each on its own index, merged: the live members of the scope, those who left
    // it by a transfer, and those whose church left it by an affiliation move.
    const [live, left, movedAway] = await Promise.all([
      scopePage(db, user, since, query.limit + 1),
      leftScopePage(db, user, since, query.limit + 1),
      movedAwayPage(db, user, since, query.limit + 1),
    ]);
    // The reads may see different moments (a pool): a member in several keeps its later row only.
    const latest = new Map<number, CacheRow>();
    for (const row of [...live, ...left, ...movedAway]) if (!latest.has(row.id) || latest.get(row.id)!.position < row.position) latest.set(row.id, row);
    rows = [...latest.values()].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id - b.id)).slice(0, query.limit + 1);
  }
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
  return {
    data: page.map((row) => ({
      id: row.id,
      institutionId: row.institutionId,
      code: row.code,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      preferredLanguage: row.preferredLanguage === 'en' ? 'en' : 'sw',
      zoneId: row.zoneId,
      deleted: row.deleted,
    })),
    next: more && lastPosition ? encodeCursor(lastPosition) : null,
    cursor: encodeCursor(resume),
  };
}

/** One congregation's members, and those it transferred away (now removals under its id, without the other's zone). */
async function institutionPage(db: Db, institutionId: number, since: Position | null, limit: number): Promise<CacheRow[]> {
  const left = db
    .select({ id: memberTransfers.memberId })
    .from(memberTransfers)
    .where(and(eq(memberTransfers.fromInstitutionId, institutionId), eq(memberTransfers.status, 'accepted')));
  const rows = await db
    .select(cacheColumns)
    .from(members)
    .where(and(or(eq(members.institutionId, institutionId), inArray(members.id, left)), afterCursor(since)))
    .orderBy(asc(members.updatedAt), asc(members.id))
    .limit(limit);
  return rows.map((row) => {
    const gone = row.institutionId !== institutionId;
    return { ...row, institutionId: gone ? institutionId : row.institutionId, zoneId: gone ? null : row.zoneId, deleted: row.deletedAt !== null || gone };
  });
}

/** Every member (deleted ones as removals) of the institutions in the caller's scope, on `members_updated`. */
async function scopePage(db: Db, user: AuthUser, since: Position | null, limit: number): Promise<CacheRow[]> {
  const rows = await db
    .select(cacheColumns)
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(institutionScope(user), afterCursor(since)))
    .orderBy(asc(members.updatedAt), asc(members.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, deleted: row.deletedAt !== null }));
}

/**
 * Members transferred from an institution of the scope to one outside it: the scope condition alone
 * would never send them again, and a scope-wide device would keep them forever. Each is a removal
 * under the last in-scope church it left and the code it had there (nothing of the new church leaks).
 * The scope's accepted transfers are found through `member_transfers_accepted_from` (sending
 * institution, member); the page's few rows then read their last such transfer on `member_transfers_member`.
 * (A DISTINCT ON join said the same but took ~40 ms to plan on PostgreSQL at 100k members.)
 */
async function leftScopePage(db: Db, user: AuthUser, since: Position | null, limit: number): Promise<CacheRow[]> {
  const leftScope = db
    .select({ memberId: memberTransfers.memberId })
    .from(memberTransfers)
    .innerJoin(institutions, eq(institutions.id, memberTransfers.fromInstitutionId))
    .where(and(eq(memberTransfers.status, 'accepted'), institutionScope(user)));
  const rows = await db
    .select({ ...cacheColumns })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    // "is not true": a branch scope compares a nullable branch id, and NULL must count as outside.
    .where(and(inArray(members.id, leftScope), sql`(${institutionScope(user)}) is not true`, afterCursor(since)))
    .orderBy(asc(members.updatedAt), asc(members.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const left = await db
    .selectDistinctOn([memberTransfers.memberId], { memberId: memberTransfers.memberId, institutionId: memberTransfers.fromInstitutionId, code: memberTransfers.fromCode })
    .from(memberTransfers)
    .innerJoin(institutions, eq(institutions.id, memberTransfers.fromInstitutionId))
    .where(and(inArray(memberTransfers.memberId, rows.map((row) => row.id)), eq(memberTransfers.status, 'accepted'), institutionScope(user)))
    .orderBy(memberTransfers.memberId, desc(memberTransfers.id));
  const from = new Map(left.map((row) => [row.memberId, row]));
  return rows.flatMap((row) => {
    const origin = from.get(row.id);
    return origin ? [{ ...row, institutionId: origin.institutionId, code: origin.code, zoneId: null, deleted: true }] : [];
  });
}

/**
 * Members whose church or mosque left the scope with its whole subtree by an affiliation move (ADR
 * 052): the moved institution's former parent is in the scope, the member's institution is at or below
 * the moved one and is now outside the scope. The move touches the subtree's members
 * (move-subtree.ts), so they pass the cursor once more, and come here as removals under their own
 * church (still its id and their code: nothing moved but the church's parent) without a zone.
 * Affiliation moves are few, so the institutions below each move are read by path prefix; the members
 * then on `members_institution_updated`.
 */
async function movedAwayPage(db: Db, user: AuthUser, since: Position | null, limit: number): Promise<CacheRow[]> {
  const mover = alias(institutions, 'mover');
  const below = alias(institutions, 'below');
  const current = alias(institutions, 'current');
  const movedAway = db
    .select({ id: below.id })
    .from(institutionAffiliations)
    // `institutions` itself is the former parent: institutionScope(user) reads its columns.
    .innerJoin(institutions, eq(institutions.id, institutionAffiliations.fromParentId))
    .innerJoin(mover, eq(mover.id, institutionAffiliations.institutionId))
    .innerJoin(below, sql`${below.path} like ${mover.path} || '%'`)
    .where(institutionScope(user));
  const rows = await db
    .select(cacheColumns)
    .from(members)
    .innerJoin(current, eq(current.id, members.institutionId))
    .where(and(inArray(members.institutionId, movedAway), sql`(${institutionScope(user, current)}) is not true`, afterCursor(since)))
    .orderBy(asc(members.updatedAt), asc(members.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, zoneId: null, deleted: true }));
}
