import { CURRENCY_EXPONENT } from '../../../domain/money';

/**
 * Providers speak major units ("15000" TZS, "15000.50"); we keep integer minor units. Conversions
 * use integer arithmetic only, so no float ever touches an amount.
 */

/** 150000 minor TZS → "1500"; 150050 → "1500.50". */
export function toMajorUnits(minor: number, currency: string): string {
  const exponent = CURRENCY_EXPONENT[currency] ?? 2;
  if (exponent === 0) return String(minor);
  const scale = 10 ** exponent;
  const whole = Math.floor(minor / scale);
  const fraction = minor % scale;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(exponent, '0')}`;
}

/** "1500.5" TZS → 150050; null when it is not a plain non-negative decimal with at most the currency's decimals. */
export function toMinorUnits(major: string, currency: string): number | null {
  const exponent = CURRENCY_EXPONENT[currency] ?? 2;
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(major.trim());
  if (!match?.[1]) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return null;
  return Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}
