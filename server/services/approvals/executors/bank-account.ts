import { eq } from 'drizzle-orm';
import { BankAccountPayload } from '../../../../domain/api/back-office';
import { messages } from '../../../../domain/messages';
import { bankAccounts, institutions } from '../../../db/schema/institutions';
import { ExecutionDenied } from '../denied';
import type { Executor } from '../executor';

/** `bank-account`: the institution's extra account becomes active on approval. */
export const bankAccountExecutor: Executor<BankAccountPayload> = {
  schema: BankAccountPayload,
  async execute(env, payload) {
    const [institution] = await env.db.select({ id: institutions.id, status: institutions.status }).from(institutions).where(eq(institutions.id, payload.institutionId));
    if (!institution || institution.status !== 'active') throw new ExecutionDenied(messages.boDeniedSubjectGone);
    const [taken] = await env.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.accountNumber, payload.accountNumber));
    if (taken) throw new ExecutionDenied(messages.boDeniedAccountTaken);
    await env.db.insert(bankAccounts).values({
      institutionId: payload.institutionId,
      accountNumber: payload.accountNumber,
      accountName: payload.accountName,
      branchId: payload.branchId,
      currency: payload.currency,
      status: 'activated',
      isDefault: false,
      createdAt: env.now,
    });
    return [];
  },
};
