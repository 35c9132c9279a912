import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema/members';

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The next member code of an institution, the way the demo data numbers them: institution code,
 * a dash, a sequence of at least four digits ("MWG-0172"). Two registrations racing for the same
 * number meet the unique (institution_id, code) index; the loser asks again.
 *
 * Found without reading every member: numbers are padded to four digits and never carry a leading
 * zero beyond that, so among our codes the longest is the greatest and, at one length, text order is
 * number order. The index members_institution_code_length (institution, length, code) is walked
 * backwards and the first code of ours ends the walk (an import's member number shaped differently,
 * longer, is stepped over). A code with a zero before five or more digits ("MWG-00012") is not ours
 * and is left out: the number given never equals it, so it cannot collide.
 */
export async function nextMemberCode(db: Db, institution: { id: number; code: string }): Promise<string> {
  const prefix = `${institution.code}-`;
  const pattern = `^${escapeRegex(prefix)}([0-9]{1,4}|[1-9][0-9]{4,11})$`;
  const [row] = await db
    .select({ code: members.code })
    .from(members)
    .where(and(eq(members.institutionId, institution.id), sql`${members.code} ~ ${pattern}`))
    .orderBy(sql`length(${members.code}) desc`, desc(members.code))
    .limit(1);
  const next = Number(row ? row.code.slice(prefix.length) : 0) + 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}
