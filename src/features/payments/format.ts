import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { formatMoney } from '../../../domain/money';
import { OPERATOR_WALLETS } from '../../../domain/operators';
import { MOBILE_OPERATORS, type MobileOperator } from '../../../domain/statuses';

/** Money in the active language ("TSh 10,000"). */
export function money(amount: number, currency: string, locale: string): string {
  return formatMoney(amount, currency, locale);
}

/** Date and time as people in Tanzania read them (East Africa Time, whatever the browser's zone). */
export function dateTime(iso: string | null, locale: string): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_TIME_ZONE });
}

export function walletName(operator: string | null): string | null {
  if (!operator) return null;
  return (MOBILE_OPERATORS as readonly string[]).includes(operator) ? OPERATOR_WALLETS[operator as MobileOperator] : operator;
}
