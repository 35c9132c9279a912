import type { BatchInput, CashReceiptInput, MemberInput } from '../../../domain/api/receipts';
import { formatMoney } from '../../../domain/money';
import type { OutboxItem } from '../../lib/offline/hooks';

/** The facts that identify an entry on paper: receipt number, giver and amount; member name and phone; batch name and date. */
export function entrySummary(item: OutboxItem, locale: string): string[] {
  const { entry } = item;
  if (entry.kind === 'receipt') {
    const receipt = entry.payload as CashReceiptInput;
    const amount = receipt.lines.reduce((sum, line) => sum + line.amount, 0);
    return [receipt.receiptNo ?? '', item.receipt?.giverName ?? receipt.payer?.name ?? '', formatMoney(amount, receipt.currency, locale)].filter(Boolean);
  }
  if (entry.kind === 'member') {
    const member = entry.payload as MemberInput;
    return [`${member.firstName} ${member.lastName}`, member.phone];
  }
  const batch = entry.payload as BatchInput;
  return [batch.name, batch.serviceDate];
}
