/**
 * Money is an integer count of minor units. Offering divisions are basis points (10000 = 100%).
 * A split uses the largest-remainder method so the shares always add up to the amount; ties go
 * church, then field, then union.
 */
export const BASIS_POINTS_TOTAL = 10_000;
export const SHARES = ['church', 'field', 'union'] as const;
export type Share = (typeof SHARES)[number];
export type Divisions = Record<Share, number>;
export type SplitResult = Record<Share, number>;

export function divisionsTotal(divisions: Divisions): number {
  return SHARES.reduce((sum, share) => sum + divisions[share], 0);
}

export function splitAmount(amount: number, divisions: Divisions): SplitResult {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer');
  if (divisionsTotal(divisions) !== BASIS_POINTS_TOTAL) throw new RangeError('divisions must total 10000');
  const exact = SHARES.map((share) => {
    const product = amount * divisions[share];
    return { share, floor: Math.floor(product / BASIS_POINTS_TOTAL), remainder: product % BASIS_POINTS_TOTAL };
  });
  let left = amount - exact.reduce((sum, part) => sum + part.floor, 0);
  // Stable sort keeps the fixed church, field, union order among equal remainders.
  const byRemainder = [...exact].sort((a, b) => b.remainder - a.remainder);
  const result = Object.fromEntries(exact.map((part) => [part.share, part.floor])) as SplitResult;
  for (const part of byRemainder) {
    if (left === 0) break;
    result[part.share] += 1;
    left -= 1;
  }
  return result;
}

/** Currencies the portal handles, with their minor-unit exponent (ISO 4217). */
export const CURRENCY_EXPONENT: Record<string, number> = { TZS: 2, USD: 2, KES: 2, UGX: 0, RWF: 0, BIF: 0, CDF: 2, EUR: 2 };

export function minorToMajor(amount: number, currency: string): number {
  return amount / 10 ** (CURRENCY_EXPONENT[currency] ?? 2);
}

/** Intl formatters are costly to build (a 100-receipt sync writes 100 SMS texts): one per currency, language and shape. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A whole amount shows no decimals ("TSh 50,000"); any other shows all the currency's decimals
 * ("TSh 32,165.10", never "32,165.1", which a treasurer reads as ten times less in the cents).
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const exponent = CURRENCY_EXPONENT[currency] ?? 2;
  const digits = amount % 10 ** exponent === 0 ? 0 : exponent;
  const key = `${currency}:${locale}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'sw' ? 'sw-TZ' : 'en-TZ', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minorToMajor(amount, currency));
}
