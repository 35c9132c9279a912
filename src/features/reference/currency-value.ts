import { CURRENCY_DECIMALS } from '../../../domain/limits';

/**
 * A currency value ("2500.5") shown with exactly four decimals in the reader's locale. Worked on
 * the string, never through a float: 14 integer digits plus 4 decimals are more than a double holds.
 */
export function formatCurrencyValue(value: string, locale: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const whole = new Intl.NumberFormat(locale).format(BigInt(match[1]!));
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const fraction = (match[2] ?? '').padEnd(CURRENCY_DECIMALS, '0').slice(0, CURRENCY_DECIMALS);
  return `${whole}${decimal}${fraction}`;
}
