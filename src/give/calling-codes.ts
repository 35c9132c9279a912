/**
 * Calling codes of the spec's preferred countries, so the phone field can show "+255" before the
 * full country list (libphonenumber's metadata) has loaded. Every other country comes with the picker.
 */
export const PREFERRED_CALLING_CODES: Readonly<Record<string, string>> = { TZ: '255', BI: '257', CD: '243', RW: '250', UG: '256', KE: '254' };

export const DEFAULT_COUNTRY = 'TZ';

/** The flag emoji of an ISO 3166 code (regional indicator letters); decorative only. */
export function flagOfCountry(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
