import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BusyButton } from '../../components/ui/busy-button';

type Props = {
  /** Why the last save failed, read out when it appears. */
  failure: string | null;
  busy: boolean;
  onCancel: () => void;
  /** "Save" unless the form sends something else (a request for approval). */
  submitLabel?: ReactNode;
};

/** The end of every structure form: the save's failure, then Save and Cancel, in one order and one look. */
export function FormFooter({ failure, busy, onCancel, submitLabel }: Props) {
  return (
    <>
      {failure ? (
        <p role="alert" className="field-error">
          {failure}
        </p>
      ) : null}
      <div className="section-head">
        <BusyButton type="submit" className="btn btn-primary" busy={busy}>
          {submitLabel ?? <Trans>Save</Trans>}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </>
  );
}
