import { isValidCardExpiry, isValidCardNumber, parseCardExpiry } from '../../domain/card';

export type CardProblems = { number?: 'invalid'; expiry?: 'invalid' };

/**
 * The checks made on this page before the giver is sent to the gateway's hosted card page (which
 * checks again and takes the card): Luhn for the number, a month that has not passed for the expiry.
 */
export function checkCard(number: string, expiry: string, now: Date): CardProblems {
  const problems: CardProblems = {};
  if (!isValidCardNumber(number)) problems.number = 'invalid';
  if (!isValidCardExpiry(parseCardExpiry(expiry), now)) problems.expiry = 'invalid';
  return problems;
}

/** "4242424242424242" → "4242 4242 4242 4242" as the person types. */
export function groupCardDigits(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
