/**
 * Card checks made before a card is sent to the hosted card page (and again by that page): the
 * number must pass the Luhn check and the expiry must not be in the past. Bounds: 12–19 digits
 * (ISO/IEC 7812), expiry month 1–12, year within 20 years.
 */
export const CARD_MIN_DIGITS = 12;
export const CARD_MAX_DIGITS = 19;
const MAX_YEARS_AHEAD = 20;

/** Digits only: spaces and dashes people type between groups are dropped; anything else fails. */
export function normalizeCardNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  return digits !== null && digits.length >= CARD_MIN_DIGITS && digits.length <= CARD_MAX_DIGITS && luhnValid(digits);
}

/**
 * "MM/YY", "MM/YYYY" or separate month and year. A card is valid through the last day of its
 * expiry month (UTC).
 */
export function parseCardExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

export function isValidCardExpiry(expiry: { month: number; year: number } | null, now: Date): boolean {
  if (!expiry) return false;
  const { month, year } = expiry;
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return false;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return false;
  return year <= thisYear + MAX_YEARS_AHEAD;
}

/** Last four digits, the only part of a card number that may be shown or logged. */
export function cardLast4(digits: string): string {
  return digits.slice(-4);
}
