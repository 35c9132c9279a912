import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../lib/error-message';
import { smsQueries } from './api';

export type ChosenInstitution = { id: number; title: string; code: string };

/**
 * Bank staff name the church or mosque they act for (a send, a top-up): a search over the active
 * institutions of their scope (a branch officer sees only their branch's). The server checks the
 * scope again on the send or the request; this only helps to find it.
 */
export function InstitutionChooser({ id, chosen, onChoose }: { id: string; chosen: ChosenInstitution | null; onChoose: (institution: ChosenInstitution | null) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({ ...smsQueries.institutions(search), enabled: chosen === null });

  if (chosen) {
    return (
      <div className="field">
        <span className="field-label" id={`${id}-label`}>
          <Trans>Church or mosque</Trans>
        </span>
        <p aria-labelledby={`${id}-label`} data-testid={`${id}-chosen`}>
          <strong>{chosen.title}</strong> ({chosen.code}){' '}
          <button type="button" className="btn btn-small" onClick={() => onChoose(null)}>
            <Trans>Change</Trans>
          </button>
        </p>
      </div>
    );
  }
  const rows = found.data?.data ?? [];
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Church or mosque</Trans>
      </label>
      <input id={id} type="search" autoComplete="off" placeholder={t`Name or code`} value={text} onChange={(event) => setText(event.target.value)} />
      {found.isError ? <p className="field-hint">{errorText(found.error, t`You are offline. Connect to the internet and try again.`)}</p> : null}
      {found.data && rows.length === 0 ? (
        <p className="field-hint">
          <Trans>No church or mosque matches.</Trans>
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="sms-choices" aria-label={t`Churches and mosques found`}>
          {rows.map((institution) => (
            <li key={institution.id}>
              <button type="button" className="btn-link" onClick={() => onChoose({ id: institution.id, title: institution.title, code: institution.code })}>
                {institution.title} ({institution.code})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
