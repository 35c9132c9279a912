import { formatMoney } from '../../../domain/money';
import { OPERATOR_WALLETS } from '../../../domain/operators';
import { MOBILE_OPERATORS, type MobileOperator } from '../../../domain/statuses';

/** Money in the active language ("TSh 10,000"). */
export function money(amount: number, currency: string, locale: string): string {
  return formatMoney(amount, currency, locale);
}

const EAST_AFRICA_TIME_ZONE = 'Africa/Dar_es_Salaam';

/** Date and time as people in Tanzania read them (East Africa Time, whatever the browser's zone). */
export function dateTime(iso: string | null, locale: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: EAST_AFRICA_TIME_ZONE });
}

export function walletName(operator: string | null): string | null {
  if (!operator) return null;
  return (MOBILE_OPERATORS as readonly string[]).includes(operator) ? OPERATOR_WALLETS[operator as MobileOperator] : operator;
}

/** Today in East Africa Time as YYYY-MM-DD (the server's days are EAT too). */
export function todayEat(now: Date = new Date()): string {
  return new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
