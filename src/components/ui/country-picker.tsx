import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { countryOptions, flagOf, matchesCountry } from './country-options';

type CountryPickerProps = {
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  /** Open at once: the person pressed the button while this picker was still loading (phone-input.tsx). */
  initiallyOpen?: boolean;
};

/**
 * The phone field's country: a button showing the flag and calling code that opens a searchable
 * list (spec: preferred TZ, BI, CD, RW, UG, KE first, with a search box). Keyboard: type to filter,
 * arrows to move, Enter to choose, Escape to close.
 */
export function CountryPicker({ value, onChange, disabled, initiallyOpen = false }: CountryPickerProps) {
  const { t, i18n } = useLingui();
  const listId = useId();
  const all = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  const [open, setOpen] = useState(initiallyOpen && !disabled);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(() => (initiallyOpen ? Math.max(0, all.findIndex((option) => option.code === value)) : 0));
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = useMemo(() => all.filter((option) => matchesCountry(option, query)), [all, query]);
  const current = all.find((option) => option.code === value);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const openList = () => {
    setQuery('');
    setActive(Math.max(0, all.findIndex((option) => option.code === value)));
    setOpen(true);
  };
  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.min(Math.max(index + step, 0), shown.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown[active];
      if (option) choose(option.code);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  const countryName = current?.name ?? value;
  const callingCode = current ? `+${current.callingCode}` : '';
  return (
    <div className="country-picker" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="country-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t`Country code: ${countryName} ${callingCode}`}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
      >
        <span aria-hidden="true">{value ? flagOf(value) : ''}</span>
        <span>{callingCode}</span>
      </button>
      {open ? (
        <div className="country-popover">
          <input
            // The search box takes focus so typing filters at once (autoFocus is fine inside a popover a person just opened).
            autoFocus
            type="search"
            role="combobox"
            aria-label={t`Search countries`}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? `${listId}-${shown[active].code}` : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul id={listId} role="listbox" aria-label={t`Countries`} className="country-list">
            {shown.map((option, index) => (
              <li
                key={option.code}
                id={`${listId}-${option.code}`}
                role="option"
                aria-selected={option.code === value}
                className={[index === active ? 'active' : '', option.preferred && !shown[index + 1]?.preferred ? 'last-preferred' : ''].join(' ')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option.code)}
              >
                <span aria-hidden="true">{flagOf(option.code)}</span>
                <span className="country-name">{option.name}</span>
                <span className="muted">+{option.callingCode}</span>
              </li>
            ))}
            {shown.length === 0 ? (
              <li role="presentation" className="muted">
                <Trans>No country matches</Trans>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
