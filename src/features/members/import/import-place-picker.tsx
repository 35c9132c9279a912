import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { errorText } from '../../../lib/error-message';
import { memberQueries } from '../api';

export type ImportPlace = { id: number; title: string; code: string };

/**
 * Where imported members go, for union, field and district users (ADR 053): the server offers only
 * the active churches and mosques of the caller's subtree, found by name or code.
 */
export function ImportPlacePicker({ value, onChange }: { value: ImportPlace | null; onChange: (place: ImportPlace) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const places = useQuery(memberQueries.importPlaces(deferred));

  return (
    <div className="import-place-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>
          <Trans>Find the church or mosque the members join (name or code)</Trans>
        </label>
        <input id={`${id}-search`} type="search" autoComplete="off" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {places.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(places.error, t`You are offline. Connect to the internet and try again.`)}
        </p>
      ) : null}
      {places.data ? (
        places.data.data.length === 0 ? (
          <p className="muted" role="status">
            <Trans>No church or mosque matches.</Trans>
          </p>
        ) : (
          <fieldset className="field">
            <legend>
              <Trans>Church or mosque the members join</Trans>
            </legend>
            {places.data.data.map((place) => (
              <label key={place.id} className="radio-row">
                <input type="radio" name={`${id}-place`} value={place.id} checked={value?.id === place.id} onChange={() => onChange(place)} />
                {place.title} <span className="muted">{place.code}</span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
    </div>
  );
}
