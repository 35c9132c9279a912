import { formatMoney } from '../../../domain/money';

const MAX_CACHED = 5000;
const cache = new Map<string, string>();

/**
 * formatMoney, remembered. formatMoney builds a new Intl.NumberFormat on every call; a batch screen
 * formats the same few hundred amounts on every save, which on a slow phone costs more than the
 * save itself (bench/receipt-save-latency.bench.ts).
 */
export function money(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}|${amount}`;
  let text = cache.get(key);
  if (text === undefined) {
    text = formatMoney(amount, currency, locale);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, text);
  }
  return text;
}
