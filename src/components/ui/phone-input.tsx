import { useLingui } from '@lingui/react/macro';
import { forwardRef, lazy, Suspense, useMemo, useState, type InputHTMLAttributes } from 'react';
import { flagOf, PREFERRED_CALLING_CODES, regionNames } from './country-names';

// The searchable picker lists every country libphonenumber knows, with its metadata (~29 KiB gzip,
// more than a desk page's own code): it loads when a phone field is first shown (or its country
// button first pressed, see `pickerLoads`), not with the page.
const LazyCountryPicker = lazy(() => import('./country-picker').then((module) => ({ default: module.CountryPicker })));

type PhoneInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  country: string;
  onCountryChange: (code: string) => void;
  /**
   * When the searchable picker (and with it libphonenumber's metadata) is fetched: as soon as the
   * field is shown (the default), or only when the country button is pressed, for a page that
   * loads the phone rules only when a number is checked (the registration and user forms).
   */
  pickerLoads?: 'with-field' | 'on-press';
};

type StaticButtonProps = { country: string; disabled?: boolean; busy: boolean; onPress: () => void };

/** The country button as the picker draws it (flag, calling code, same name), until the picker has loaded. */
function StaticCountryButton({ country, disabled, busy, onPress }: StaticButtonProps) {
  const { t, i18n } = useLingui();
  const countryName = useMemo(() => (country ? regionNames(i18n.locale)(country) : ''), [country, i18n.locale]);
  const code = PREFERRED_CALLING_CODES[country as keyof typeof PREFERRED_CALLING_CODES];
  const callingCode = code ? `+${code}` : '';
  return (
    <div className="country-picker">
      <button
        type="button"
        className="country-button"
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-busy={busy}
        aria-label={t`Country code: ${countryName} ${callingCode}`}
        disabled={disabled}
        onClick={onPress}
      >
        <span aria-hidden="true">{country ? flagOf(country) : ''}</span>
        <span>{callingCode}</span>
      </button>
    </div>
  );
}

/**
 * A phone number as a country (calling code) plus the number as people write it locally
 * ("0712 345 678"); the form turns the pair into E.164 with domain/phone.ts toE164 (loaded on
 * demand too). The number field never waits for the picker: only the country button is swapped
 * when it arrives, and a press before that opens the picker as soon as it is there.
 */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput({ country, onCountryChange, disabled, pickerLoads = 'with-field', ...rest }, ref) {
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const staticButton = <StaticCountryButton country={country} disabled={disabled} busy={openWhenLoaded} onPress={() => setOpenWhenLoaded(true)} />;
  return (
    <div className="phone-input">
      {pickerLoads === 'with-field' || openWhenLoaded ? (
        <Suspense fallback={staticButton}>
          <LazyCountryPicker value={country} onChange={onCountryChange} disabled={disabled} initiallyOpen={openWhenLoaded} />
        </Suspense>
      ) : (
        staticButton
      )}
      <input ref={ref} type="tel" autoComplete="tel-national" disabled={disabled} {...rest} />
    </div>
  );
});
