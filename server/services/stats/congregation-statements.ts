import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { assembleStatement, type Statement, type StatementMember, statementInstitution, statementMemberColumns, statementRows } from './member-statement';

/** Members whose givings are read in one query: bounded memory whatever the congregation's size. */
const CHUNK = 100;

/** The congregation (in the caller's scope, else "not found") and its members, by name. */
export async function congregationMembers(ctx: AppContext, user: AuthUser, institutionId: number): Promise<StatementMember[]> {
  const db = ctx.database.db;
  const [inScope] = await db.select({ id: institutions.id }).from(institutions).where(and(eq(institutions.id, institutionId), institutionScope(user)));
  if (!inScope) throw errors.notFound();
  return db
    .select(statementMemberColumns)
    .from(members)
    .where(and(eq(members.institutionId, institutionId), isNull(members.deletedAt)))
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id));
}

/**
 * Every member's year statement, one after the other, reading the givings of a hundred members per
 * query (transactions by member), so a congregation of thousands streams out without being held in memory.
 */
export async function* congregationStatements(ctx: AppContext, institutionId: number, people: StatementMember[], year: number): AsyncGenerator<Statement> {
  const institution = await statementInstitution(ctx, institutionId);
  for (let index = 0; index < people.length; index += CHUNK) {
    const chunk = people.slice(index, index + CHUNK);
    const rows = await statementRows(
      ctx,
      chunk.map((member) => member.id),
      year,
      institution.timeZone,
    );
    const byMember = new Map<number | null, typeof rows>();
    for (const row of rows) {
      const list = byMember.get(row.memberId);
      if (list) list.push(row);
      else byMember.set(row.memberId, [row]);
    }
    for (const member of chunk) yield assembleStatement(member, institution, byMember.get(member.id) ?? [], year);
  }
}

/** A file name for a member's statement that any system accepts: code, name in plain letters, year. */
export function statementFileName(statement: Statement): string {
  const plain = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return `${plain(statement.member.code)}-${plain(statement.member.name)}-${statement.year}.pdf`;
}
