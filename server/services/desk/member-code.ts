import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema/members';

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The next member code of an institution, the way the demo data numbers them: institution code,
 * a dash, a sequence of at least four digits ("MWG-0172"). Two registrations racing for the same
 * number meet the unique (institution_id, code) index; the loser asks again.
 */
export async function nextMemberCode(db: Db, institution: { id: number; code: string }): Promise<string> {
  const prefix = `${institution.code}-`;
  const pattern = `^${escapeRegex(prefix)}([0-9]{1,12})$`;
  const [row] = await db
    .select({ top: sql<string | null>`max(((regexp_match(${members.code}, ${pattern}))[1])::bigint)` })
    .from(members)
    .where(and(eq(members.institutionId, institution.id), sql`${members.code} ~ ${pattern}`));
  const next = Number(row?.top ?? 0) + 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}
