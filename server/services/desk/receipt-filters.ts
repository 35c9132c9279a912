import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RECEIPT_METHODS } from '../../../domain/api/receipts';
import type { Db } from '../../db/client';
import { transactionLines, transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { dayRange } from '../reports/date-range';
import { requireScopedInstitution } from './desk-access';

/** The filters of CashReceiptQuery (without paging), as the routes hand them over. */
export type ReceiptFilters = {
  institutionId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  offeringTypeId?: number | undefined;
  memberId?: number | undefined;
  batchId?: string | undefined;
  recordedBy?: number | undefined;
  method?: (typeof RECEIPT_METHODS)[number] | undefined;
  currency?: string | undefined;
};

/**
 * The cash receipts a caller may see that match the filters, as one condition on `transactions`
 * joined to `institutions` (the scope lives there). Cash and cheque gifts that completed: what a
 * treasurer counted, whether recorded on a device or already in the books.
 *
 * `from` and `to` are whole days in `timeZone` (ADR 077): the chosen institution's zone, else the
 * caller's (AuthUser.timeZone); the export prints its times and names its file in the same zone.
 */
export async function receiptConditions(db: Db, user: AuthUser, filters: ReceiptFilters): Promise<{ where: SQL; timeZone: string }> {
  const conditions: SQL[] = [institutionScope(user), inArray(transactions.method, ['cash', 'cheque']), eq(transactions.status, 'completed')];
  let timeZone = user.timeZone;
  if (filters.institutionId !== undefined) {
    timeZone = (await requireScopedInstitution(db, user, filters.institutionId)).timeZone;
    conditions.push(eq(transactions.institutionId, filters.institutionId));
  }
  conditions.push(...dayRange(transactions.receivedAt, filters.from, filters.to, timeZone));
  if (filters.offeringTypeId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${transactionLines} where ${transactionLines.transactionId} = ${transactions.id} and ${transactionLines.offeringTypeId} = ${filters.offeringTypeId})`,
    );
  }
  if (filters.memberId !== undefined) conditions.push(eq(transactions.memberId, filters.memberId));
  if (filters.batchId !== undefined) conditions.push(eq(transactions.batchId, filters.batchId));
  if (filters.recordedBy !== undefined) conditions.push(eq(transactions.createdBy, filters.recordedBy));
  if (filters.method !== undefined) conditions.push(eq(transactions.method, filters.method));
  if (filters.currency !== undefined) conditions.push(eq(transactions.currency, filters.currency));
  return { where: and(...conditions)!, timeZone };
}
