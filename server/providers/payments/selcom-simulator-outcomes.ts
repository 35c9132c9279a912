/**
 * What the Selcom simulator does with a push or a card payment. The default start decides by the
 * last digit of the payer's number (documented in the README like a card network's test numbers)
 * unless a person answers on the simulated handset first; tests script any outcome per phone.
 */

export const PUSH_OUTCOMES = [
  'accept', // paid; one signed COMPLETED callback
  'refuse', // the payer refused on the phone; REJECTED callback
  'insufficientFunds', // REJECTED (051) callback
  'timeout', // never answered: stays PENDING, no callback
  'lostCallback', // paid, but the callback never arrives (only order-status tells)
  'duplicateCallback', // paid; the same callback twice, at the same moment
  'callbackBeforeAnswer', // paid; the callback arrives before the wallet-payment answer does
  'lateSuccess', // like timeout, then a COMPLETED callback after the order was cancelled
  'wrongAmount', // paid a different amount; callback and order-status say so
  'badSignature', // paid; the callback's digest is wrong (our side must reject it)
] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];

/** What a person (or a test acting as one) can answer on the handset. */
export type HandsetAnswer = 'accept' | 'refuse' | 'insufficientFunds';

/** Last digit of the payer's number → outcome; 'handset' waits for a person. */
export function pushOutcomeByLastDigit(msisdn: string): PushOutcome | 'handset' {
  switch (msisdn.slice(-1)) {
    case '0':
      return 'accept';
    case '1':
      return 'refuse';
    case '2':
      return 'insufficientFunds';
    case '3':
      return 'timeout';
    case '4':
      return 'lostCallback';
    default:
      return 'handset';
  }
}

/**
 * Test cards of the hosted card page (like a card network's test numbers; any name, a future
 * expiry and any 3-digit CVV): these three numbers decline, run out of funds or lose the callback;
 * every other Luhn-valid number (4242 4242 4242 4242, 5555 5555 5555 4444, …) is approved.
 */
export const TEST_CARDS: Readonly<Record<string, PushOutcome>> = {
  '4000000000000002': 'refuse', // declined by the issuer
  '4000000000009995': 'insufficientFunds',
  '4000000000000044': 'lostCallback', // approved, but the callback never arrives
};

export function cardOutcome(cardNumber: string): PushOutcome {
  return TEST_CARDS[cardNumber] ?? 'accept';
}

/** Result codes the simulator sends (ISO 8583 response codes where one fits). */
export const SIMULATED_FAILURES = {
  refusedOnPhone: { resultcode: '057', message: 'Payer declined the payment request' },
  cardDeclined: { resultcode: '005', message: 'Card declined by issuer' },
  insufficientFunds: { resultcode: '051', message: 'Insufficient balance' },
} as const;

/** Which wallet the money came from, as Selcom names channels. */
export function channelOf(msisdn: string): string {
  const prefix = msisdn.replace(/\D/g, '').slice(3, 5);
  if (['74', '75', '76'].includes(prefix)) return 'MPESA-TZ';
  if (['65', '67', '71', '77'].includes(prefix)) return 'TIGOPESA-TZ';
  if (['68', '69', '78'].includes(prefix)) return 'AIRTELMONEY-TZ';
  if (['61', '62'].includes(prefix)) return 'HALOPESA-TZ';
  if (prefix === '73') return 'TPESA-TZ';
  return 'MOBILE-TZ';
}
