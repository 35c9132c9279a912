import { Trans, useLingui } from '@lingui/react/macro';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../lib/error-message';

type Found = { id: number; title: string; code: string };

/**
 * A church or mosque found by name or code, for a form that acts for one (a push, an SMS send, a
 * top-up). Each caller brings the query of its own scoped route; the server checks the scope again
 * on the action, so this only helps to find it. The search waits for a pause in typing.
 */
export function InstitutionSearch<T extends Found, List extends { data: T[] }, Key extends QueryKey>({
  id,
  query,
  onChoose,
  listClassName,
}: {
  id: string;
  query: (search: string) => UseQueryOptions<List, Error, List, Key>;
  onChoose: (institution: T) => void;
  listClassName: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery(query(search));
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
        <ul className={listClassName} aria-label={t`Churches and mosques found`}>
          {rows.map((institution) => (
            <li key={institution.id}>
              <button type="button" className="btn-link" onClick={() => onChoose(institution)}>
                {institution.title} ({institution.code})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
