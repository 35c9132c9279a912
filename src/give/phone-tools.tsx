import { useEffect, useRef } from 'react';
import { CountryPicker } from '../components/ui/country-picker';

// Loaded on demand (when the phone field is focused or the country button pressed): libphonenumber's
// metadata is larger than the rest of the giving page together, and nobody needs it to see the page.
export { toE164 } from '../../domain/phone';

type AutoOpenProps = { value: string; onChange: (code: string) => void; disabled?: boolean; openOnMount: boolean };

/** The shared country picker, opened at once when the person's press is what loaded it. */
export function AutoOpenCountryPicker({ openOnMount, ...props }: AutoOpenProps) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!openOnMount || opened.current) return;
    opened.current = true;
    wrapper.current?.querySelector<HTMLButtonElement>('.country-button')?.click();
  }, [openOnMount]);
  return (
    <span ref={wrapper} className="country-slot">
      <CountryPicker {...props} />
    </span>
  );
}
