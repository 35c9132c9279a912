import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useRef, useState, type FormEvent } from 'react';
import type { MemberDetail } from '../../../domain/api/members';
import { MAX_TRANSFER_NOTE, type MemberTransfer } from '../../../domain/api/member-transfers';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { errorText } from '../../lib/error-message';
import { requestTransfer, transferQueries } from './transfer-api';
import { BusyButton } from '../../components/ui/busy-button';

type Props = { member: MemberDetail; onDone: (transfer: MemberTransfer) => void; onCancel: () => void };

/**
 * Asks another church or mosque of the same religion to take the member (ADR 054). The member
 * moves only when that institution accepts; the dialog says so.
 */
export function TransferDialog({ member, onDone, onCancel }: Props) {
  const { t } = useLingui();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [choice, setChoice] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const destinations = useQuery(transferQueries.destinations(member.id, deferred));
  const offline = t`You are offline. Connect to the internet and try again.`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await requestTransfer(member.id, choice, note));
    } catch (caught) {
      setError(errorText(caught, offline));
      setBusy(false);
    }
  };

  return (
    <ModalDialog labelledBy={titleId} initialFocus={cancel} onCancel={onCancel} busy={busy}>
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId} className="card-title">
          <Trans>Transfer to another church or mosque</Trans>
        </h2>
        <p className="muted">
          <Trans>The receiving church or mosque must accept. Giving stays with the church or mosque where it was given.</Trans>
        </p>
        <div className="field">
          <label htmlFor={`${titleId}-search`}>
            <Trans>Find the receiving church or mosque (name or code)</Trans>
          </label>
          <input id={`${titleId}-search`} type="search" autoComplete="off" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        {destinations.data ? (
          destinations.data.data.length === 0 ? (
            <p className="muted" role="status">
              <Trans>No church or mosque matches.</Trans>
            </p>
          ) : (
            <fieldset className="field">
              <legend>
                <Trans>Receiving church or mosque</Trans>
              </legend>
              {destinations.data.data.map((place) => (
                <label key={place.id} className="radio-row">
                  <input type="radio" name="destination" value={place.id} checked={choice === place.id} onChange={() => setChoice(place.id)} />
                  {place.title} <span className="muted">{place.code}</span>
                </label>
              ))}
            </fieldset>
          )
        ) : null}
        <div className="field">
          <label htmlFor={`${titleId}-note`}>
            <Trans>Note for the receiving church or mosque (optional)</Trans>
          </label>
          <textarea id={`${titleId}-note`} rows={2} maxLength={MAX_TRANSFER_NOTE} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <BusyButton ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel} busy={busy}>
            <Trans>Cancel</Trans>
          </BusyButton>
          <BusyButton type="submit" className="btn btn-primary" busy={busy} disabled={choice === null}>
            <Trans>Request transfer</Trans>
          </BusyButton>
        </div>
      </form>
    </ModalDialog>
  );
}
