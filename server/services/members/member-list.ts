import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { MemberListItem, MemberListPage } from '../../../domain/api/members';
import { fieldLabels, messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { AppError } from '../../lib/app-error';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from '../desk/desk-access';
import { decodeListCursor, encodeListCursor } from './member-list-cursor';
import { memberNameKey, memberSearchBranches, memberSearchCondition } from './member-search';
import { searchPage } from './member-list-search';

export type MemberFilters = {
  search?: string | undefined;
  institutionId?: number | undefined;
  zoneId?: number | undefined;
  gender?: 'male' | 'female' | undefined;
  /** Members chosen in the list (an export of the selection); ids outside the scope are simply not there. */
  ids?: number[] | undefined;
};

/**
 * Where-conditions for live members the user may see that match the filters. An institution
 * outside the caller's scope is refused (403) rather than answered with an empty list.
 */
export async function memberFilterConditions(db: Db, user: AuthUser, filters: MemberFilters): Promise<SQL[]> {
  const conditions = await memberScopeConditions(db, user, filters);
  const search = memberSearchCondition(filters.search);
  if (search) conditions.push(search);
  return conditions;
}

/** memberFilterConditions without the search (which the list reads branch by branch). */
async function memberScopeConditions(db: Db, user: AuthUser, filters: MemberFilters): Promise<SQL[]> {
  const conditions: SQL[] = [institutionScope(user), isNull(members.deletedAt)];
  if (filters.institutionId !== undefined) {
    await requireScopedInstitution(db, user, filters.institutionId);
    conditions.push(eq(members.institutionId, filters.institutionId));
  }
  if (filters.zoneId !== undefined) conditions.push(eq(members.zoneId, filters.zoneId));
  if (filters.gender !== undefined) conditions.push(eq(members.gender, filters.gender));
  if (filters.ids !== undefined) conditions.push(inArray(members.id, filters.ids));
  return conditions;
}

export const memberListColumns = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  phone: members.phone,
  code: members.code,
  institutionId: members.institutionId,
  zoneId: members.zoneId,
  institutionTitle: institutions.title,
  zoneName: zones.name,
  nameKey: memberNameKey,
};

/**
 * One page of members in scope, sorted by name then id, paged by keyset so the last page costs
 * what the first does (no OFFSET).
 */
export async function listMembers(
  db: Db,
  user: AuthUser,
  query: MemberFilters & { cursor?: string | undefined; limit: number },
  t: Translate,
): Promise<MemberListPage> {
  const after = query.cursor ? decodeListCursor(query.cursor) : null;
  if (query.cursor && !after) {
    throw new AppError(400, 'validation', messages.fieldInvalid, { field: t(fieldLabels.since) }, [
      { path: 'cursor', descriptor: messages.fieldInvalid, values: { field: t(fieldLabels.since) } },
    ]);
  }
  const conditions = await memberScopeConditions(db, user, query);
  if (after) conditions.push(sql`(${memberNameKey}, ${members.id}) > (${after.n}, ${after.i})`);
  // Bank staff see a religion or a branch: most members of a last name are theirs to see.
  const branches = memberSearchBranches(query.search, user.roleKind === 'admin' || user.roleKind === 'branch');
  const rows = branches
    ? await searchPage(db, conditions, branches, query.limit + 1)
    : await db
        .select(memberListColumns)
        .from(members)
        .innerJoin(institutions, eq(institutions.id, members.institutionId))
        .leftJoin(zones, eq(zones.id, members.zoneId))
        .where(and(...conditions))
        .orderBy(memberNameKey, members.id)
        .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toListItem),
    nextCursor: rows.length > query.limit && last ? encodeListCursor({ n: last.nameKey, i: last.id }) : null,
  };
}

export function toListItem(row: { id: number; firstName: string; lastName: string; phone: string; code: string; institutionId: number; zoneId: number | null; institutionTitle: string; zoneName: string | null }): MemberListItem {
  return {
    id: row.id,
    names: `${row.firstName} ${row.lastName}`,
    phone: row.phone,
    code: row.code,
    institutionId: row.institutionId,
    zoneId: row.zoneId,
    institutionTitle: row.institutionTitle,
    zoneName: row.zoneName,
  };
}
