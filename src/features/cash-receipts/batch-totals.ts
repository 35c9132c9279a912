import type { OfferingType } from '../../../domain/api/receipts';
import type { LocalReceipt } from '../../lib/offline/types';

export type TypeTotal = { offeringTypeId: number; title: string; count: number; amount: number };
export type MethodTotal = { method: 'cash' | 'cheque'; count: number; amount: number };
export type BatchTotals = { count: number; amount: number; byType: TypeTotal[]; byMethod: MethodTotal[] };

export function receiptAmount(receipt: Pick<LocalReceipt, 'payload'>): number {
  return receipt.payload.lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * What the counting team matches against the bank deposit: envelopes and money per offering type
 * (count = envelopes carrying that type) and per method. Integer sums of minor units only.
 */
export function batchTotals(receipts: readonly LocalReceipt[], offeringTypes: readonly OfferingType[]): BatchTotals {
  const titles = new Map(offeringTypes.map((type) => [type.id, type.title]));
  const byType = new Map<number, TypeTotal>();
  const byMethod = new Map<'cash' | 'cheque', MethodTotal>();
  let amount = 0;
  for (const receipt of receipts) {
    const total = receiptAmount(receipt);
    amount += total;
    const method = receipt.payload.method ?? 'cash';
    const methodRow = byMethod.get(method) ?? { method, count: 0, amount: 0 };
    methodRow.count += 1;
    methodRow.amount += total;
    byMethod.set(method, methodRow);
    const seen = new Set<number>();
    for (const line of receipt.payload.lines) {
      const row = byType.get(line.offeringTypeId) ?? {
        offeringTypeId: line.offeringTypeId,
        title: titles.get(line.offeringTypeId) ?? `#${line.offeringTypeId}`,
        count: 0,
        amount: 0,
      };
      if (!seen.has(line.offeringTypeId)) row.count += 1;
      seen.add(line.offeringTypeId);
      row.amount += line.amount;
      byType.set(line.offeringTypeId, row);
    }
  }
  // Offering types in the institution's own order, so the summary reads the same every service.
  const order = new Map(offeringTypes.map((type, index) => [type.id, index]));
  return {
    count: receipts.length,
    amount,
    byType: [...byType.values()].sort((a, b) => (order.get(a.offeringTypeId) ?? 999) - (order.get(b.offeringTypeId) ?? 999)),
    byMethod: (['cash', 'cheque'] as const).flatMap((method) => byMethod.get(method) ?? []),
  };
}
