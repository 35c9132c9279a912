import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { COUNTRY_CODE } from './limits';

/**
 * Phone numbers are stored and sent in E.164 (+255712345678). Input may be local ("0712 345 678")
 * in the given country or already international; anything libphonenumber does not accept as a
 * valid number for its country is null.
 */
export function toE164(input: string, country: string = COUNTRY_CODE): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country as CountryCode);
  // The parsed number's own check: what isValidPhoneNumber(parsed.number) would say, without parsing it again.
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value) && isValidPhoneNumber(value);
}

/**
 * The national part of an international number (+255712345678 → 712345678): what people type
 * locally, for the device's member search. Undefined when libphonenumber cannot read it.
 */
export function nationalNumberOf(international: string): string | undefined {
  return parsePhoneNumberFromString(international)?.nationalNumber;
}
