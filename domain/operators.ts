import type { MobileOperator } from './statuses';

/**
 * Which mobile-money network a Tanzanian number belongs to, from the two digits after +255
 * (TCRA allocations as the networks trade today; Zantel's 77 moved to Tigo, now "Mixx by Yas").
 * Numbers are portable between networks, so this is the network the number was issued on: right
 * for nearly everyone, and the aggregator routes by the real network anyway.
 */
export const OPERATOR_PREFIXES: Readonly<Record<string, MobileOperator>> = {
  '74': 'vodacom',
  '75': 'vodacom',
  '76': 'vodacom',
  '65': 'tigo',
  '67': 'tigo',
  '71': 'tigo',
  '77': 'tigo',
  '68': 'airtel',
  '69': 'airtel',
  '78': 'airtel',
  '61': 'halotel',
  '62': 'halotel',
  '73': 'ttcl',
};

/** The wallet each network runs, as people know it (brand names are not translated). */
export const OPERATOR_WALLETS: Readonly<Record<MobileOperator, string>> = {
  vodacom: 'Vodacom M-Pesa',
  tigo: 'Mixx by Yas (Tigo Pesa)',
  airtel: 'Airtel Money',
  halotel: 'HaloPesa',
  ttcl: 'T-Pesa',
};

/** The network of an E.164 Tanzanian mobile number (+255XXXXXXXXX), or null for anything else. */
export function detectOperator(e164: string): MobileOperator | null {
  const match = /^\+255(\d{2})\d{7}$/.exec(e164);
  if (!match?.[1]) return null;
  return OPERATOR_PREFIXES[match[1]] ?? null;
}
