import type { RuleResult } from '../../../domain/receipt-rules';
import { DraftInvalidError } from './errors';

/**
 * A record checked against the wire rules (domain/receipt-rules.ts) before anything is written:
 * the checked value is what is stored and sent; a refusal names the fields and writes nothing.
 */
export function acceptedDraft<T>(checked: RuleResult<T>): T {
  if (!checked.ok) throw new DraftInvalidError(checked.issues);
  return checked.value;
}
