import type { OnlineMethod } from '../../../domain/api/payments';

export type FeeModel = { feeBp: number; feeCap: number };

/**
 * Our fee on an online payment: a share of the amount in basis points, rounded half up, capped.
 * Mobile money and cards carry it (the aggregator charges us); a bank transfer into our own bank
 * costs nothing. The fee is borne by the receiving institution: the payer pays exactly the amounts
 * they chose, and the shares split what is left (see payment-ledger.ts).
 */
export function paymentFee(amount: number, method: OnlineMethod, model: FeeModel): number {
  if (method === 'bank') return 0;
  const fee = Math.floor((amount * model.feeBp + 5_000) / 10_000);
  return Math.min(fee, model.feeCap, amount);
}
