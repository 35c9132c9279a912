import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { PREFERRED_COUNTRIES } from '../../domain/limits';
import { countryOptions } from '../../src/components/ui/country-options';
import { preferredCountryOptions, PREFERRED_CALLING_CODES } from '../../src/components/ui/country-names';

// The phone field shows the preferred countries before libphonenumber's metadata has loaded; what it
// shows then must be what the full list says once it has.
describe('the preferred countries before the full list', () => {
  it('carry libphonenumber’s calling codes', () => {
    for (const code of PREFERRED_COUNTRIES) expect(PREFERRED_CALLING_CODES[code]).toBe(getCountryCallingCode(code as CountryCode));
  });

  it('are the full list’s first entries, named the same in both languages', () => {
    for (const locale of ['en', 'sw']) {
      expect(preferredCountryOptions(locale)).toEqual(countryOptions(locale).slice(0, PREFERRED_COUNTRIES.length));
    }
  });
});
