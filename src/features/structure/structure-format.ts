import { useLingui } from '@lingui/react/macro';
import type { CurrencySum } from '../../../domain/api/structure';
import { formatMoney } from '../../../domain/money';

/** How the structure pages write levels, counts and money in the reader's language. */
export function useStructureFormat() {
  const { i18n } = useLingui();
  const numbers = new Intl.NumberFormat(i18n.locale);
  return {
    level: (level: { nameEn: string; nameSw: string }) => (i18n.locale === 'sw' ? level.nameSw : level.nameEn),
    number: (value: number) => numbers.format(value),
    money: (amount: number, currency: string) => formatMoney(amount, currency, i18n.locale),
    /** Several currencies side by side; nothing collected reads as a dash. */
    sums: (sums: readonly CurrencySum[]) => (sums.length === 0 ? '—' : sums.map((sum) => formatMoney(sum.amount, sum.currency, i18n.locale)).join(' · ')),
  };
}
