import { Trans } from '@lingui/react/macro';
import type { FormEventHandler, ReactNode } from 'react';
import { BusyButton } from './busy-button';

type InlineFormProps = {
  /** Names the form (its accessible name is the title). */
  titleId: string;
  title: ReactNode;
  /** h2 on a page of its own, h3 inside a section. */
  headingLevel?: 2 | 3;
  /** Why the last save failed, above the fields. */
  failure?: string;
  busy: boolean;
  /** Shown to someone who may look but not change: Close instead of Cancel, and no Save. */
  readOnly?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  children: ReactNode;
};

/** A create/edit form that opens as a card above a list: title, the save's failure, the fields, Cancel and Save. */
export function InlineForm({ titleId, title, headingLevel = 2, failure, busy, readOnly = false, onSubmit, onCancel, children }: InlineFormProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <form className="form card" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <Heading id={titleId} className="card-title">
        {title}
      </Heading>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      {children}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {readOnly ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
        </button>
        {readOnly ? null : (
          <BusyButton type="submit" className="btn btn-primary" busy={busy}>
            <Trans>Save</Trans>
          </BusyButton>
        )}
      </div>
    </form>
  );
}
