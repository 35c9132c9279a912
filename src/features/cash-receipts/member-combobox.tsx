import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { LocalMember } from '../../lib/offline/types';
import { searchLocalMembers } from './desk-data';

type MemberComboboxProps = {
  id: string;
  institutionId: number;
  value: LocalMember | null;
  onChange: (member: LocalMember | null) => void;
  /** No member matched: record the envelope as a walk-in giver with what was typed. */
  onWalkIn?: (typed: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string;
};

const RESULT_LIMIT = 8;

export function memberLabel(member: Pick<LocalMember, 'firstName' | 'lastName' | 'code'>): string {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return member.code ? `${name} (${member.code})` : name;
}

/**
 * Finds a member in the device's cache by name, phone or member code as the person types — no
 * network, so it works in a church hall with none. Arrow keys move, Enter chooses, Escape closes.
 * The form gives it a new `key` for each envelope, which starts it empty again.
 */
export function MemberCombobox({ id, institutionId, value, onChange, onWalkIn, inputRef, invalid, describedBy }: MemberComboboxProps) {
  const { t } = useLingui();
  const listId = useId();
  const [query, setQuery] = useState(value ? memberLabel(value) : '');
  const [results, setResults] = useState<LocalMember[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Each keystroke starts a search; only the latest may fill the list (answers can arrive out of order).
  const latest = useRef(0);

  const search = (text: string) => {
    const ticket = ++latest.current;
    if (text.trim() === '') {
      setResults([]);
      setOpen(false);
      return;
    }
    void searchLocalMembers(institutionId, text.trim(), RESULT_LIMIT).then((found) => {
      if (ticket !== latest.current) return;
      setResults(found);
      setActive(0);
      setOpen(true);
    });
  };

  const choose = (member: LocalMember) => {
    latest.current += 1;
    onChange(member);
    setQuery(memberLabel(member));
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) search(query);
      else setActive((index) => Math.min(index + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open) {
      // Enter picks the highlighted member instead of submitting the envelope half-filled.
      event.preventDefault();
      const member = results[active];
      if (member) choose(member);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const activeId = open && results[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="combobox">
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        placeholder={t`Name, phone or member number`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (value) onChange(null);
          search(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={t`Members found`} className="combobox-list" hidden={!open}>
        {results.map((member, index) => (
          <li
            key={member.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(member);
            }}
          >
            <span className="combobox-main">
              {member.firstName} {member.lastName}
              {member.pending ? (
                <span className="status sync-pending">
                  <Trans>Not yet synced</Trans>
                </span>
              ) : null}
            </span>
            <span className="combobox-sub">
              {member.code ?? ''} {member.phone}
            </span>
          </li>
        ))}
        {open && results.length === 0 ? (
          <li role="presentation" className="combobox-empty">
            <span>{onWalkIn ? t`No member found. Check the phone number, or record a walk-in giver.` : t`No member found.`}</span>
            {onWalkIn ? (
              <button
                type="button"
                className="btn btn-link"
                onMouseDown={(event) => {
                  event.preventDefault();
                  setOpen(false);
                  onWalkIn(query);
                }}
              >
                <Trans>Record as walk-in giver</Trans>
              </button>
            ) : null}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
