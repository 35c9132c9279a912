import { BASIS_POINTS_TOTAL } from './money';

/** Divisions as the forms and the API carry them: basis points, 10000 = 100%. */
export type DivisionInput = { churchBp: number; fieldBp: number; unionBp: number };

/**
 * The spec's one rule for divisions: exactly 100%. Says which way a total is off, so the message
 * can be the spec's "cannot exceed" or "cannot fall below 100%"; null when the total is right.
 */
export function divisionsProblem(divisions: DivisionInput): 'over' | 'under' | null {
  const total = divisions.churchBp + divisions.fieldBp + divisions.unionBp;
  if (total > BASIS_POINTS_TOTAL) return 'over';
  if (total < BASIS_POINTS_TOTAL) return 'under';
  return null;
}

/** Message ids of the two problems (domain/messages-admin.ts), for zod issues and the form. */
export const DIVISION_PROBLEM_MESSAGE = { over: 'admin.divisions.over', under: 'admin.divisions.under' } as const;

/** "12.5" (percent, at most 2 decimals) ↔ 1250 basis points, for the form's inputs. */
export function percentToBp(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= BASIS_POINTS_TOTAL ? bp : null;
}

export function bpToPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = bp % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
