/**
 * The columns of a members file (import template, import, export), each with its English and
 * Swahili header. Headers are matched loosely (case, spaces, dashes and underscores ignored), so
 * "First name", "first_name" and "firstName" are one column, and "Jina la kwanza" is the same one.
 * Pure: read by the server, the import worker and the template download.
 */
export const MEMBER_COLUMNS = [
  { key: 'firstName', sw: 'jinaLaKwanza', required: true },
  { key: 'lastName', sw: 'jinaLaMwisho', required: true },
  { key: 'phone', sw: 'simu', required: true },
  { key: 'gender', sw: 'jinsia', required: true },
  { key: 'country', sw: 'nchi', required: true },
  { key: 'email', sw: 'baruaPepe', required: false },
  { key: 'language', sw: 'lugha', required: false },
  { key: 'zone', sw: 'kanda', required: false },
  { key: 'addressOne', sw: 'anwani', required: false },
  { key: 'city', sw: 'mji', required: false },
  { key: 'state', sw: 'mkoa', required: false },
  { key: 'postalCode', sw: 'postiKodi', required: false },
  { key: 'code', sw: 'nambaYaMuumini', required: false },
] as const;
export type MemberColumnKey = (typeof MEMBER_COLUMNS)[number]['key'];

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const byHeader = new Map<string, MemberColumnKey>(MEMBER_COLUMNS.flatMap((column) => [[normalise(column.key), column.key] as const, [normalise(column.sw), column.key] as const]));

/** Which column each header names (null for a column we do not read) and which required ones are missing. */
export function mapHeaders(headers: readonly string[]): { columns: Array<MemberColumnKey | null>; missing: MemberColumnKey[] } {
  const columns = headers.map((header) => byHeader.get(normalise(header)) ?? null);
  const missing = MEMBER_COLUMNS.filter((column) => column.required && !columns.includes(column.key)).map((column) => column.key);
  return { columns, missing };
}

/** Values as a person may type them in either language. */
const GENDER_WORDS: Record<string, 'male' | 'female'> = { male: 'male', m: 'male', mwanaume: 'male', me: 'male', female: 'female', f: 'female', mwanamke: 'female', ke: 'female' };
const LANGUAGE_WORDS: Record<string, 'sw' | 'en'> = { sw: 'sw', swahili: 'sw', kiswahili: 'sw', en: 'en', english: 'en', kiingereza: 'en' };

export function readGender(value: string): 'male' | 'female' | null {
  return GENDER_WORDS[value.trim().toLowerCase()] ?? null;
}

export function readLanguage(value: string): 'sw' | 'en' | null {
  return LANGUAGE_WORDS[value.trim().toLowerCase()] ?? null;
}

/** The template's first row in one language (English keys or their Swahili). */
export function templateHeaders(language: 'sw' | 'en'): string[] {
  return MEMBER_COLUMNS.map((column) => (language === 'sw' ? column.sw : column.key));
}
