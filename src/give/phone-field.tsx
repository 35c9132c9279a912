import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { flagOfCountry, PREFERRED_CALLING_CODES } from './calling-codes';
import type * as PhoneToolsModule from './phone-tools';

type PhoneTools = typeof PhoneToolsModule;
let tools: Promise<PhoneTools> | null = null;

/** The phone helpers chunk, fetched once; safe to call early (on focus) so it is there on submit. */
export function loadPhoneTools(): Promise<PhoneTools> {
  tools ??= import('./phone-tools').catch((error: unknown) => {
    tools = null; // a failed download (2G dropped) may be retried
    throw error;
  });
  return tools;
}

const LazyCountryPicker = lazy(async () => ({ default: (await loadPhoneTools()).AutoOpenCountryPicker }));

type PhoneFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  country: string;
  onCountryChange: (code: string) => void;
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * The giving page's phone number: a country (calling code) button and the number as people write
 * it ("0712 345 678"). Until the shared searchable CountryPicker has loaded, the button is a plain
 * one with the same look; pressing it loads the picker and opens it. The number field is a sibling
 * of that swap, so typing is never interrupted when the picker arrives.
 */
export function PhoneField({ country, onCountryChange, value, onValueChange, onFocus, disabled, ...rest }: PhoneFieldProps) {
  const { t } = useLingui();
  const [picker, setPicker] = useState<'static' | 'load' | 'open'>('static');
  const input = useRef<HTMLInputElement>(null);
  // The field is in the pre-rendered HTML: what someone typed before the JS arrived is kept.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== value) onValueChange(typed);
    // Once, on taking over the pre-rendered field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const callingCode = PREFERRED_CALLING_CODES[country];
  const codeText = callingCode ? `+${callingCode}` : '';
  const staticButton = (busy: boolean) => (
    <button
      type="button"
      className="country-button"
      aria-label={t`Country code: ${country} ${codeText}`}
      aria-busy={busy}
      disabled={disabled}
      onClick={() => setPicker('open')}
      onPointerEnter={() => void loadPhoneTools().catch(() => undefined)}
    >
      <span aria-hidden="true">{flagOfCountry(country)}</span>
      <span>{codeText || country}</span>
    </button>
  );
  return (
    <div className="phone-input">
      {picker === 'static' ? (
        staticButton(false)
      ) : (
        <Suspense fallback={staticButton(true)}>
          <LazyCountryPicker value={country} onChange={onCountryChange} disabled={disabled} openOnMount={picker === 'open'} />
        </Suspense>
      )}
      <input
        ref={input}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
        onFocus={(event) => {
          // The person is about to type: fetch the number rules (and the picker) meanwhile.
          void loadPhoneTools().catch(() => undefined);
          if (picker === 'static') setPicker('load');
          onFocus?.(event);
        }}
        {...rest}
      />
    </div>
  );
}
