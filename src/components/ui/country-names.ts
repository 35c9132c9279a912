import { useEffect, useState } from 'react';
import { PREFERRED_COUNTRIES } from '../../../domain/limits';
import type * as CountryOptionsModule from './country-options';

export type CountryOption = { code: string; name: string; callingCode: string; preferred: boolean };

/**
 * Calling codes of the spec's preferred countries, so a phone field can show "+255" before the full
 * country list (libphonenumber's metadata, ~29 KiB gzip) has loaded; every other country comes with
 * it. test/client/country-names.test.ts holds them equal to libphonenumber's.
 */
export const PREFERRED_CALLING_CODES: Readonly<Record<(typeof PREFERRED_COUNTRIES)[number], string>> = {
  TZ: '255',
  BI: '257',
  CD: '243',
  RW: '250',
  UG: '256',
  KE: '254',
};

/** Country names in the active language (Intl, no metadata needed). */
export function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale === 'sw' ? 'sw-TZ' : 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** The flag emoji of an ISO 3166 code (regional indicator letters); decorative only. */
export function flagOf(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** The preferred East African countries, in the spec's order: what a list shows until the rest has loaded. */
export function preferredCountryOptions(locale: string): CountryOption[] {
  const nameOf = regionNames(locale);
  return PREFERRED_COUNTRIES.map((code) => ({ code, name: nameOf(code), callingCode: PREFERRED_CALLING_CODES[code], preferred: true }));
}

let loading: Promise<typeof CountryOptionsModule> | null = null;

/** The full country list (libphonenumber's), fetched once on first use. */
export function loadCountryOptions(): Promise<typeof CountryOptionsModule> {
  loading ??= import('./country-options').catch((error: unknown) => {
    loading = null; // a dropped download may be tried again
    throw error;
  });
  return loading;
}

/**
 * Every country for a select: the preferred ones at once, all of them as soon as the list has
 * loaded (it starts loading when the select first renders).
 */
export function useCountryOptions(locale: string): CountryOption[] {
  const [loaded, setLoaded] = useState<{ locale: string; options: CountryOption[] } | null>(null);
  useEffect(() => {
    let current = true;
    loadCountryOptions()
      .then((module) => {
        if (current) setLoaded({ locale, options: module.countryOptions(locale) });
      })
      .catch(() => undefined); // the preferred countries stay; the next render tries again
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.options : preferredCountryOptions(locale);
}
