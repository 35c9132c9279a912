import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GivingInstitution } from '../../../domain/api/payments';
import { paymentQueries } from './api';

/** Finds a church or mosque by name or code (the server still checks it is in the user's scope when the push is sent). */
export function InstitutionPicker({ id, onChoose }: { id: string; onChoose: (institution: GivingInstitution) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery(paymentQueries.institutions(search));
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Church or mosque</Trans>
      </label>
      <input id={id} type="search" autoComplete="off" placeholder={t`Name or code`} value={text} onChange={(event) => setText(event.target.value)} />
      {found.data && found.data.data.length === 0 ? (
        <p className="field-hint">
          <Trans>No church or mosque matches.</Trans>
        </p>
      ) : null}
      {found.data && found.data.data.length > 0 ? (
        <ul className="combobox-list" aria-label={t`Churches and mosques found`}>
          {found.data.data.map((institution) => (
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
