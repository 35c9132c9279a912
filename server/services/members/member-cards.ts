import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import type { CardMember } from './member-cards-pdf';

/** A sheet run is bounded: a zone of a big church is a few hundred; a selection a page of the list. */
export const MAX_CARDS = 1000;

/**
 * The live members to print, within the caller's scope: the chosen ids, or everyone in a zone (or
 * the ids within that zone when both are given), in name order. Ids outside the scope are simply
 * not there, as everywhere else.
 */
export async function cardMembers(db: Db, user: AuthUser, choice: { ids?: number[] | undefined; zoneId?: number | undefined }): Promise<CardMember[]> {
  const rows = await db
    .select({ firstName: members.firstName, lastName: members.lastName, code: members.code, institutionTitle: institutions.title })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(
      and(
        isNull(members.deletedAt),
        institutionScope(user),
        choice.ids ? inArray(members.id, choice.ids) : undefined,
        choice.zoneId ? eq(members.zoneId, choice.zoneId) : undefined,
      ),
    )
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
    .limit(MAX_CARDS);
  return rows.map((row) => ({ names: `${row.firstName} ${row.lastName}`, code: row.code, institutionTitle: row.institutionTitle }));
}
