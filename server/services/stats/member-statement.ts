import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { dayOf, dayRange } from '../../../domain/calendar';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members, offeringTypes } from '../../db/schema/members';
import { transactionLines, transactions } from '../../db/schema/money';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { findUpload, readUpload } from '../registration/uploads';

/** One giving on a statement: the day (institution's zone), its receipt or reference, how, and its lines. */
export type StatementGiving = {
  day: string;
  reference: string;
  method: string;
  currency: string;
  amount: number;
  lines: Array<{ title: string; amount: number }>;
};

/** Everything a year statement shows; rendered by statement-pdf.ts in the member's language. */
export type Statement = {
  year: number;
  language: 'sw' | 'en';
  member: { id: number; name: string; code: string; phone: string; email: string | null };
  institution: { id: number; title: string; code: string; logo: Buffer | null };
  givings: StatementGiving[];
  /** Per currency and offering type, what the member gave (gross: fees are the bank's, not the member's concern). */
  totals: Array<{ currency: string; title: string; amount: number }>;
};

export type StatementMember = { id: number; firstName: string; lastName: string; code: string; phone: string; email: string | null; preferredLanguage: string; institutionId: number };

/** What a statement needs of a member: one selection for a single statement and a congregation's. */
export const statementMemberColumns = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  code: members.code,
  phone: members.phone,
  email: members.email,
  preferredLanguage: members.preferredLanguage,
  institutionId: members.institutionId,
};

/** The member if the caller may see them (their congregation is in scope), else "not found". */
export async function memberInScope(ctx: AppContext, user: AuthUser, memberId: number): Promise<StatementMember> {
  const [row] = await ctx.database.db
    .select(statementMemberColumns)
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(eq(members.id, memberId), isNull(members.deletedAt), institutionScope(user)));
  if (!row) throw errors.notFound();
  return row;
}

export async function logoOf(ctx: AppContext, uploadId: number | null): Promise<Buffer | null> {
  if (uploadId === null) return null;
  const upload = await findUpload(ctx, uploadId);
  if (!upload || !/^image\/(png|jpeg)$/.test(upload.mimeType)) return null;
  // A statement without its logo is still a statement: a missing file is no reason to refuse it.
  return readUpload(ctx, upload).catch(() => null);
}

type StatementInstitution = Statement['institution'] & { timeZone: string };

/** The institution a statement is issued by: name, code, zone and logo (read once for a whole congregation). */
export async function statementInstitution(ctx: AppContext, institutionId: number): Promise<StatementInstitution> {
  const [institution] = await ctx.database.db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code, timeZone: institutions.timeZone, logoUploadId: institutions.logoUploadId })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  if (!institution) throw errors.notFound();
  return { id: institution.id, title: institution.title, code: institution.code, timeZone: institution.timeZone, logo: await logoOf(ctx, institution.logoUploadId) };
}

type GivingRow = { memberId: number | null; id: string; receivedAt: Date; receiptNo: string | null; referenceNo: string; method: string; currency: string; amount: number; title: string; lineAmount: number };

/** The completed givings of these members received in `year` (calendar year in the institution's zone), line by line, in order. */
export async function statementRows(ctx: AppContext, memberIds: number[], year: number, timeZone: string): Promise<GivingRow[]> {
  if (memberIds.length === 0) return [];
  const { start, end } = dayRange(`${year}-01-01`, `${year}-12-31`, timeZone);
  return ctx.database.db
    .select({
      memberId: transactions.memberId,
      id: transactions.id,
      receivedAt: transactions.receivedAt,
      receiptNo: transactions.receiptNo,
      referenceNo: transactions.referenceNo,
      method: transactions.method,
      currency: transactions.currency,
      amount: transactions.amount,
      title: offeringTypes.title,
      lineAmount: transactionLines.amount,
    })
    .from(transactions)
    .innerJoin(transactionLines, eq(transactionLines.transactionId, transactions.id))
    .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
    .where(and(inArray(transactions.memberId, memberIds), eq(transactions.status, 'completed'), gte(transactions.receivedAt, start), lt(transactions.receivedAt, end)))
    .orderBy(asc(transactions.receivedAt), asc(transactions.id), asc(transactionLines.id));
}

/** One member's statement from their rows (statementRows, already filtered to them), with totals per offering type. */
export function assembleStatement(member: StatementMember, institution: StatementInstitution, rows: GivingRow[], year: number): Statement {
  const givings = new Map<string, StatementGiving>();
  const totals = new Map<string, { currency: string; title: string; amount: number }>();
  for (const row of rows) {
    const giving = givings.get(row.id) ?? {
      day: dayOf(row.receivedAt, institution.timeZone),
      reference: row.receiptNo ?? row.referenceNo,
      method: row.method,
      currency: row.currency,
      amount: row.amount,
      lines: [],
    };
    giving.lines.push({ title: row.title, amount: row.lineAmount });
    givings.set(row.id, giving);
    const key = `${row.currency}|${row.title}`;
    const total = totals.get(key) ?? { currency: row.currency, title: row.title, amount: 0 };
    total.amount += row.lineAmount;
    totals.set(key, total);
  }
  return {
    year,
    language: member.preferredLanguage === 'en' ? 'en' : 'sw',
    member: { id: member.id, name: `${member.firstName} ${member.lastName}`, code: member.code, phone: member.phone, email: member.email },
    institution: { id: institution.id, title: institution.title, code: institution.code, logo: institution.logo },
    givings: [...givings.values()],
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency) || b.amount - a.amount || a.title.localeCompare(b.title)),
  };
}

/** A member's completed givings received in `year` (calendar year in their institution's zone), with totals per offering type. */
export async function buildStatement(ctx: AppContext, member: StatementMember, year: number): Promise<Statement> {
  const institution = await statementInstitution(ctx, member.institutionId);
  return assembleStatement(member, institution, await statementRows(ctx, [member.id], year, institution.timeZone), year);
}
