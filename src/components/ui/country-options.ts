import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { PREFERRED_COUNTRIES } from '../../../domain/limits';
import { regionNames, type CountryOption } from './country-names';

// This module carries libphonenumber's metadata (~29 KiB gzip): it is loaded on demand
// (country-names.ts loadCountryOptions, the lazy picker in phone-input.tsx), never with a page.
export { flagOf, type CountryOption } from './country-names';

const cache = new Map<string, CountryOption[]>();

/**
 * Every country libphonenumber knows, named in the active language: the spec's preferred East
 * African countries first (in its order), then all others alphabetically.
 */
export function countryOptions(locale: string): CountryOption[] {
  const known = cache.get(locale);
  if (known) return known;
  const nameOf = regionNames(locale);
  const preferred = new Set<string>(PREFERRED_COUNTRIES);
  const collator = new Intl.Collator(locale);
  const toOption = (code: CountryCode): CountryOption => ({
    code,
    name: nameOf(code),
    callingCode: getCountryCallingCode(code),
    preferred: preferred.has(code),
  });
  const all = getCountries();
  const first = PREFERRED_COUNTRIES.filter((code) => all.includes(code)).map(toOption);
  const rest = all
    .filter((code) => !preferred.has(code))
    .map(toOption)
    .sort((a, b) => collator.compare(a.name, b.name));
  const options = [...first, ...rest];
  cache.set(locale, options);
  return options;
}

/** Matches a country by name, ISO code or calling code ("tanz", "tz", "+255", "255"). */
export function matchesCountry(option: CountryOption, query: string): boolean {
  const needle = query.trim().toLowerCase().replace(/^\+/, '');
  if (!needle) return true;
  return (
    option.name.toLowerCase().includes(needle) || option.code.toLowerCase() === needle || option.callingCode.startsWith(needle)
  );
}
