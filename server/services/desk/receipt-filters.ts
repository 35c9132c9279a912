import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { RECEIPT_METHODS } from '../../../domain/api/receipts';
import type { Db } from '../../db/client';
import { transactionLines, transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from './desk-access';

/** Dates in the filters are days in East Africa Time (UTC+3, no daylight saving), where receipts are written. */
const DAY_START_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

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

const dayStart = (date: string) => new Date(`${date}T00:00:00${DAY_START_OFFSET}`);

/**
 * The cash receipts a caller may see that match the filters, as one condition on `transactions`
 * joined to `institutions` (the scope lives there). Cash and cheque gifts that completed: what a
 * treasurer counted, whether recorded on a device or already in the books.
 */
export async function receiptConditions(db: Db, user: AuthUser, filters: ReceiptFilters): Promise<SQL> {
  const conditions: SQL[] = [institutionScope(user), inArray(transactions.method, ['cash', 'cheque']), eq(transactions.status, 'completed')];
  if (filters.institutionId !== undefined) {
    await requireScopedInstitution(db, user, filters.institutionId);
    conditions.push(eq(transactions.institutionId, filters.institutionId));
  }
  if (filters.from) conditions.push(gte(transactions.receivedAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(transactions.receivedAt, new Date(dayStart(filters.to).getTime() + DAY_MS)));
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
  return and(...conditions)!;
}
