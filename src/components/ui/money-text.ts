import { CURRENCY_EXPONENT } from '../../../domain/money';

export type MoneyParse = { ok: true; minor: number } | { ok: false; reason: 'empty' | 'notDigits' | 'tooPrecise' };

/**
 * Reads what a person typed ("10,000", "2500.50", "1 500") as integer minor units of the currency,
 * without ever passing through a float: 0.1 + 0.2 must not lose a cent of anyone's tithe.
 * Commas and spaces are digit grouping; the one decimal point may carry at most the currency's
 * minor digits (TZS 2, UGX 0).
 */
export function parseMoney(text: string, currency: string): MoneyParse {
  const cleaned = text.replace(/[\s,\u00a0]/g, '');
  if (cleaned === '') return { ok: false, reason: 'empty' };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, reason: 'notDigits' };
  const exponent = CURRENCY_EXPONENT[currency] ?? 2;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, reason: 'tooPrecise' };
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: 'notDigits' };
  return { ok: true, minor };
}

/** The same amount as a person would type it back (no grouping), for editing a saved value. */
export function minorToInput(minor: number, currency: string): string {
  const exponent = CURRENCY_EXPONENT[currency] ?? 2;
  if (exponent === 0) return String(minor);
  const whole = Math.floor(minor / 10 ** exponent);
  const fraction = String(minor % 10 ** exponent).padStart(exponent, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
