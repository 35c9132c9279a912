import type { GivingInstitution } from '../../domain/api/payments';
import { parseMoney } from '../components/ui/money-text';

/** The same limit as MAX_PAYMENT_LINE_AMOUNT in domain/api/payments.ts (a test keeps them equal). */
export const MAX_LINE_AMOUNT = 10_000_000_000;

export type AmountProblem = 'notDigits' | 'tooPrecise' | 'tooLarge';
export type OfferingLine = { offeringTypeId: number; title: string; amount: number };
export type AmountsResult = { lines: OfferingLine[]; total: number; problems: Record<number, AmountProblem> };

/**
 * What a giver typed per offering type, as integer minor units: empty fields are no line, a field
 * that is not an amount is a problem (and no line), the total is the sum of the valid lines.
 */
export function readAmounts(types: GivingInstitution['offeringTypes'], typed: Readonly<Record<number, string>>, currency: string): AmountsResult {
  const lines: OfferingLine[] = [];
  const problems: Record<number, AmountProblem> = {};
  for (const type of types) {
    const parsed = parseMoney(typed[type.id] ?? '', currency);
    if (!parsed.ok) {
      if (parsed.reason !== 'empty') problems[type.id] = parsed.reason;
      continue;
    }
    if (parsed.minor === 0) continue;
    if (parsed.minor > MAX_LINE_AMOUNT) {
      problems[type.id] = 'tooLarge';
      continue;
    }
    lines.push({ offeringTypeId: type.id, title: type.title, amount: parsed.minor });
  }
  return { lines, total: lines.reduce((sum, line) => sum + line.amount, 0), problems };
}
