import { asc, eq } from 'drizzle-orm';
import type { BankTransferInstructions, OnlineMethod, PaymentCreated, PaymentStatusView } from '../../../domain/api/payments';
import { maskPhone } from '../../../domain/api/payments';
import { BANK_NAME } from '../../../domain/limits';
import type { MobileOperator, TransactionStatus } from '../../../domain/statuses';
import type { Db } from '../../db/client';
import { bankAccounts, institutions } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { transactionLines, transactions } from '../../db/schema/money';
import { onlinePayments } from '../../db/schema/payments';
import { bankBranches } from '../../db/schema/reference';
import { asReasonCode } from '../../../domain/payment-reason-messages';
import { reasonText } from './reason-text';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

async function loadPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      t: transactions,
      institutionTitle: institutions.title,
      checkoutUrl: onlinePayments.checkoutUrl,
      timeoutAt: onlinePayments.timeoutAt,
      accountName: bankAccounts.accountName,
      accountNumber: bankAccounts.accountNumber,
      branch: bankBranches.name,
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .innerJoin(onlinePayments, eq(onlinePayments.transactionId, transactions.id))
    .leftJoin(bankAccounts, eq(bankAccounts.id, onlinePayments.bankAccountId))
    .leftJoin(bankBranches, eq(bankBranches.id, bankAccounts.branchId))
    .where(eq(transactions.id, paymentId));
  return row ?? null;
}

function transferOf(row: NonNullable<Awaited<ReturnType<typeof loadPayment>>>): BankTransferInstructions | undefined {
  if (row.t.method !== 'bank' || !row.accountNumber) return undefined;
  return {
    bankName: BANK_NAME,
    accountName: row.accountName ?? '',
    accountNumber: row.accountNumber,
    branch: row.branch ?? null,
    reference: row.t.referenceNo,
    amount: row.t.amount,
    currency: row.t.currency,
    expiresAt: row.timeoutAt.toISOString(),
  };
}

/** The answer to POST /payments (also rebuilt for a replay after a crash). Null when it is not an online payment. */
export async function createdView(db: Db, paymentId: string): Promise<PaymentCreated | null> {
  const row = await loadPayment(db, paymentId);
  if (!row) return null;
  const { t } = row;
  const open = t.status === 'pending' || t.status === 'pending_cancel';
  return {
    id: t.id,
    status: t.status as TransactionStatus,
    referenceNo: t.referenceNo,
    method: t.method as OnlineMethod,
    operator: (t.operator as MobileOperator | null) ?? null,
    amount: t.amount,
    fee: t.fee,
    currency: t.currency,
    ...(t.method === 'card' && open && row.checkoutUrl ? { checkoutUrl: row.checkoutUrl } : {}),
    ...(t.method === 'bank' ? { bankTransfer: transferOf(row) } : {}),
  };
}

/** GET /payments/{id}: what the waiting screen follows and the receipt shows. */
export async function statusView(db: Db, paymentId: string, translate: Translate): Promise<PaymentStatusView | null> {
  const row = await loadPayment(db, paymentId);
  if (!row) return null;
  const { t } = row;
  const lines = await db
    .select({ offeringTypeId: transactionLines.offeringTypeId, title: offeringTypes.title, amount: transactionLines.amount })
    .from(transactionLines)
    .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
    .where(eq(transactionLines.transactionId, t.id))
    .orderBy(asc(transactionLines.id));
  const stored = t.status === 'failed' ? t.failedReason : t.status === 'canceled' || t.status === 'pending_cancel' ? t.reason : null;
  const reason = reasonText(translate, stored);
  const reasonCode = asReasonCode(stored);
  const open = t.status === 'pending' || t.status === 'pending_cancel';
  const transfer = transferOf(row);
  return {
    id: t.id,
    status: t.status as TransactionStatus,
    ...(reason ? { reason } : {}),
    ...(reasonCode ? { reasonCode } : {}),
    ...(t.status === 'completed' && t.receiptNo ? { receiptNo: t.receiptNo } : {}),
    referenceNo: t.referenceNo,
    method: t.method as OnlineMethod,
    operator: (t.operator as MobileOperator | null) ?? null,
    amount: t.amount,
    currency: t.currency,
    institution: { id: t.institutionId, title: row.institutionTitle },
    lines,
    payerPhone: t.payerPhone ? maskPhone(t.payerPhone) : '',
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    ...(t.method === 'card' && open && row.checkoutUrl ? { checkoutUrl: row.checkoutUrl } : {}),
    ...(transfer ? { bankTransfer: transfer } : {}),
  };
}
