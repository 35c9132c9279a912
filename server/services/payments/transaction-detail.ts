import { and, asc, eq } from 'drizzle-orm';
import type { TransactionDetail } from '../../../domain/api/payments';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { ledgerEntries, ledgerLines, transactionLines, transactions } from '../../db/schema/money';
import { paymentCredits, paymentEvents } from '../../db/schema/payments';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { selectTransactions, toTransactionRow } from './transaction-queries';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

/** GET /transactions/{id}: the row, its lines, its ledger entry, its credits and its history; null outside the caller's scope. */
export async function transactionDetail(db: Db, user: AuthUser, id: string, t: Translate): Promise<TransactionDetail | null> {
  const [row] = await selectTransactions(db).where(and(eq(transactions.id, id), institutionScope(user)));
  if (!row) return null;
  const lines = await db
    .select({ offeringTypeId: transactionLines.offeringTypeId, title: offeringTypes.title, amount: transactionLines.amount })
    .from(transactionLines)
    .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
    .where(eq(transactionLines.transactionId, id))
    .orderBy(asc(transactionLines.id));
  const ledger = await db
    .select({
      account: ledgerLines.account,
      institutionId: ledgerLines.institutionId,
      institution: institutions.title,
      offeringTypeId: ledgerLines.offeringTypeId,
      debit: ledgerLines.debit,
      credit: ledgerLines.credit,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .leftJoin(institutions, eq(institutions.id, ledgerLines.institutionId))
    .where(eq(ledgerEntries.transactionId, id))
    .orderBy(asc(ledgerLines.id));
  const credits = await db
    .select({ institution: institutions.title, share: paymentCredits.share, accountNumber: paymentCredits.accountNumber, amount: paymentCredits.amount, createdAt: paymentCredits.createdAt })
    .from(paymentCredits)
    .innerJoin(institutions, eq(institutions.id, paymentCredits.institutionId))
    .where(eq(paymentCredits.transactionId, id))
    .orderBy(asc(paymentCredits.id));
  const events = await db
    .select({ createdAt: paymentEvents.createdAt, source: paymentEvents.source, outcome: paymentEvents.outcome, detail: paymentEvents.detail })
    .from(paymentEvents)
    .where(eq(paymentEvents.transactionId, id))
    .orderBy(asc(paymentEvents.id));
  return {
    ...toTransactionRow(row, t),
    lines,
    ledger,
    credits: credits.map((credit) => ({ institution: credit.institution, share: credit.share, accountNumber: credit.accountNumber, amount: credit.amount, creditedAt: credit.createdAt.toISOString() })),
    events: events.map((event) => ({ at: event.createdAt.toISOString(), source: event.source, outcome: event.outcome, detail: event.detail })),
  };
}
