import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

export type ScopedMember = typeof members.$inferSelect & {
  institution: { id: number; title: string; code: string; religionId: number; timeZone: string; path: string };
};

/**
 * A live member whose institution the caller's scope covers; otherwise a 404 that looks the same
 * whether the member exists elsewhere or not at all (an imam never learns a church's member ids).
 */
export async function requireScopedMember(db: Db, user: AuthUser, id: number): Promise<ScopedMember> {
  const [row] = await db
    .select({
      member: members,
      institution: { id: institutions.id, title: institutions.title, code: institutions.code, religionId: institutions.religionId, timeZone: institutions.timeZone, path: institutions.path },
    })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(eq(members.id, id), isNull(members.deletedAt), institutionScope(user)));
  if (!row) throw errors.notFound();
  return { ...row.member, institution: row.institution };
}
