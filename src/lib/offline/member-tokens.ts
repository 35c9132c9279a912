import type { PhoneRules } from './phone-rules';

/**
 * Search words for the local member index. Each token is stored as `<institutionId>:<word>` in a
 * multiEntry index, so "members of this institution whose word starts with what was typed" is one
 * IndexedDB key range — never a scan of the table.
 */

/** Lower case, accents off, letters and digits only: "Ng'ang'a" and "nganga" meet. */
export function normaliseWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Only what tokens need of the phone rules (loaded on demand: ./phone-rules.ts). */
export type NationalNumberOf = Pick<PhoneRules, 'nationalNumberOf'>;

/** Every way a person might type this phone: 255712345678, 0712345678, 712345678. */
export function phoneTokens(phone: string, rules: NationalNumberOf): string[] {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return [];
  const national = rules.nationalNumberOf(phone.startsWith('+') ? phone : `+${digits}`);
  return national && national !== digits ? [digits, national, `0${national}`] : [digits];
}

function nameTokens(name: string): string[] {
  const parts = name.split(/[\s-]+/).map(normaliseWord).filter(Boolean);
  // "Anna-Maria" is found by "anna", "maria" and "annamaria".
  const joined = normaliseWord(name);
  return parts.length > 1 && joined ? [...parts, joined] : parts;
}

function codeTokens(code: string | null): string[] {
  if (!code) return [];
  const whole = normaliseWord(code);
  const digits = code.replace(/\D/g, '');
  const withoutZeros = digits.replace(/^0+/, '');
  return [whole, digits, withoutZeros].filter(Boolean);
}

/** The words of a member code alone, stored as memberTokens() stores them (`<institutionId>:<word>`). */
export function memberCodeTokens(institutionId: number, code: string | null): string[] {
  return codeTokens(code).map((word) => `${institutionId}:${word}`);
}

export function memberTokens(
  institutionId: number,
  member: { firstName: string; lastName: string; phone: string; code: string | null },
  rules: NationalNumberOf,
): string[] {
  const words = new Set([...nameTokens(member.firstName), ...nameTokens(member.lastName), ...phoneTokens(member.phone, rules), ...codeTokens(member.code)]);
  return [...words].map((word) => `${institutionId}:${word}`);
}

/**
 * What was typed, as words to match by prefix. A query that is only a phone number ("+255 712
 * 345", "0712-345") is one word of digits however it was spaced.
 */
export function queryWords(query: string): string[] {
  const trimmed = query.trim();
  if (/^\+?[\d\s()-]+$/.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '');
    return digits ? [digits] : [];
  }
  return [...new Set(trimmed.split(/[\s,]+/).map(normaliseWord).filter(Boolean))];
}
