import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentInput } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { CURRENCY_EXPONENT } from '../../../domain/money';
import { detectOperator } from '../../../domain/operators';
import type { MobileOperator } from '../../../domain/statuses';
import type { Db } from '../../db/client';
import { bankAccounts, institutions } from '../../db/schema/institutions';
import { members, offeringTypes, pledges } from '../../db/schema/members';
import { AppError, errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

type Descriptor = { id: string; message: string };
type ValidInput = Omit<PaymentInput, 'memberId'> & { memberId?: number | undefined };

/** What a valid payment request resolves to, checked against the database. */
export type ResolvedPayment = {
  institution: { id: number; title: string; code: string; path: string };
  amount: number;
  operator: MobileOperator | null;
  /** A known member, with what card billing needs from the member's own record. */
  member: { id: number; name: string; firstName: string; lastName: string; email: string | null; addressLine: string | null; city: string | null; country: string } | null;
  bankAccountId: number | null;
  /** The pledge the payment names, and the line (of the pledge's offering type) that pays it. */
  pledge: { id: number; lineIndex: number } | null;
};

const invalid = (descriptor: Descriptor, path: string, values: Record<string, unknown> = {}) =>
  new AppError(400, 'payment_invalid', descriptor, values, [{ path, descriptor, values }]);

/**
 * The checks a payment passes before anything is written (so a refused request changes nothing and
 * claims no idempotency key). Staff (a signed-in caller) need push:create and the institution in
 * their scope; the public giving page needs neither but may only name a member by that member's phone.
 */
export async function resolvePayment(db: Db, input: ValidInput, actor: AuthUser | null): Promise<ResolvedPayment> {
  // The route is public, so the session rules the auth plugin applies to staff routes apply here by hand.
  if (actor?.forceChangePassword) throw errors.mustChangePassword();
  if (actor && !hasGrant(actor, 'push', 'create')) throw errors.forbidden();
  const [institution] = await db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code, path: institutions.path, status: institutions.status })
    .from(institutions)
    .where(eq(institutions.id, input.institutionId));
  if (!institution) throw invalid(messages.paymentsInstitutionNotFound, 'institutionId');
  if (actor) {
    const [inScope] = await db.select({ id: institutions.id }).from(institutions).where(and(eq(institutions.id, institution.id), institutionScope(actor)));
    if (!inScope) throw errors.forbidden();
  }
  if (institution.status !== 'active') throw invalid(messages.paymentsInstitutionInactive, 'institutionId');

  const types = await db
    .select({ id: offeringTypes.id })
    .from(offeringTypes)
    .where(and(eq(offeringTypes.institutionId, institution.id), eq(offeringTypes.active, 1)));
  if (types.length === 0) throw invalid(messages.paymentsOfferingsNotSet, 'institutionId');
  const known = new Set(types.map((type) => type.id));
  const badLine = input.lines.findIndex((line) => !known.has(line.offeringTypeId));
  if (badLine >= 0) throw invalid(messages.paymentsOfferingTypeInvalid, `lines.${badLine}.offeringTypeId`);

  if (CURRENCY_EXPONENT[input.currency] === undefined) throw invalid(messages.paymentsCurrencyUnsupported, 'currency', { currency: input.currency });
  if (input.method === 'mobile' && input.currency !== 'TZS') throw invalid(messages.paymentsMobileCurrency, 'currency');
  const amount = input.lines.reduce((sum, line) => sum + line.amount, 0);

  const operator = input.method === 'mobile' ? detectOperator(input.phone) : null;
  if (input.method === 'mobile' && !operator) throw invalid(messages.paymentsOperatorUnknown, 'phone');

  let member: ResolvedPayment['member'] = null;
  if (input.memberId !== undefined) {
    const [row] = await db
      .select({ id: members.id, firstName: members.firstName, lastName: members.lastName, email: members.email, phone: members.phone, addressOne: members.addressOne, city: members.city, country: members.country })
      .from(members)
      .where(and(eq(members.id, input.memberId), eq(members.institutionId, institution.id), isNull(members.deletedAt)));
    // The public page may attribute a gift to a member only from that member's own phone.
    if (!row || (!actor && row.phone !== input.phone)) throw invalid(messages.paymentsMemberMismatch, 'memberId');
    member = {
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      addressLine: row.addressOne,
      city: row.city,
      country: row.country,
    };
  }

  const pledge = input.pledgeId === undefined ? null : await resolvePledge(db, input, member?.id ?? null);

  let bankAccountId: number | null = null;
  if (input.method === 'bank') {
    const [account] = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.institutionId, institution.id), eq(bankAccounts.status, 'activated'), eq(bankAccounts.currency, input.currency)))
      .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id))
      .limit(1);
    if (!account) throw invalid(messages.paymentsNoBankAccount, 'method');
    bankAccountId = account.id;
  }
  return { institution: { id: institution.id, title: institution.title, code: institution.code, path: institution.path }, amount, operator, member, bankAccountId, pledge };
}

/**
 * A named pledge must be an open one of the named member, at this institution, in this currency, with
 * a line of its offering type. Every other case is one answer, so the route says nothing about
 * pledges that are not the payer's. The database allocates the money only when the payment completes.
 */
async function resolvePledge(db: Db, input: ValidInput, memberId: number | null): Promise<{ id: number; lineIndex: number }> {
  const refuse = () => invalid(messages.givingPledgeNotPayable, 'pledgeId');
  if (memberId === null || input.pledgeId === undefined) throw refuse();
  const [row] = await db
    .select({ id: pledges.id, offeringTypeId: pledges.offeringTypeId })
    .from(pledges)
    .where(
      and(
        eq(pledges.id, input.pledgeId),
        eq(pledges.memberId, memberId),
        eq(pledges.institutionId, input.institutionId),
        eq(pledges.currency, input.currency),
        sql`${pledges.paid} < ${pledges.total}`,
      ),
    );
  const lineIndex = row ? input.lines.findIndex((line) => line.offeringTypeId === row.offeringTypeId) : -1;
  if (!row || lineIndex < 0) throw refuse();
  return { id: row.id, lineIndex };
}

/** True when the institution is in the user's scope (used by every staff action on one payment). */
export async function inScope(db: Db, user: AuthUser, institutionId: number): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(institutions).where(and(eq(institutions.id, institutionId), institutionScope(user)));
  return rows.length > 0;
}
