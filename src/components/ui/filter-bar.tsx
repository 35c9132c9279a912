import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

type FilterBarProps = {
  /** The search landmark's name ("Find users"). */
  label: string;
  onSubmit: () => void;
  /** Secondary where the page has a primary action of its own (New bank user). */
  tone?: 'primary' | 'secondary';
  /** The button's words; Search unless said. */
  submitText?: ReactNode;
  /** Beside the button (the reports' export buttons). */
  extra?: ReactNode;
  /** The filter fields, in one row. */
  children: ReactNode;
};

/** A list's filters: a search landmark whose fields apply when it is submitted. */
export function FilterBar({ label, onSubmit, tone = 'primary', submitText, extra, children }: FilterBarProps) {
  const button = (
    <button type="submit" className={`btn btn-${tone}`}>
      {submitText ?? <Trans>Search</Trans>}
    </button>
  );
  return (
    <form
      className="card form"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="form-row">{children}</div>
      {extra ? (
        <div className="section-head">
          {button}
          {extra}
        </div>
      ) : (
        button
      )}
    </form>
  );
}
