import { eq } from 'drizzle-orm';
import type { FoundAccount } from '../../../domain/api/back-office-registration';
import type { Db } from '../../db/client';
import { coreBankAccounts } from '../../db/schema/approvals';
import { bankBranches } from '../../db/schema/reference';

/**
 * Looks an account up "at the bank". Production would put the core-banking system's account
 * enquiry behind this interface; here the core is represented by the `core_bank_accounts` table
 * (seeded with every demo account and spare ones), so registration is exercised end to end.
 */
export type BankCore = {
  /** The active account with this number, or null when the bank does not know it (or it is closed). */
  findAccount(accountNumber: string): Promise<FoundAccount | null>;
};

export function tableBankCore(db: Db): BankCore {
  return {
    async findAccount(accountNumber) {
      const [row] = await db
        .select({ account: coreBankAccounts, branchId: bankBranches.id, branchName: bankBranches.name })
        .from(coreBankAccounts)
        .leftJoin(bankBranches, eq(bankBranches.shortCode, coreBankAccounts.branchCode))
        .where(eq(coreBankAccounts.accountNumber, accountNumber));
      if (!row || row.account.status !== 'active') return null;
      return {
        accountNumber: row.account.accountNumber,
        accountName: row.account.accountName,
        branchId: row.branchId,
        branchName: row.branchName,
        currency: row.account.currency,
      };
    },
  };
}
