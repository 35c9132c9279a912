import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { GivingInstitution } from '../../domain/api/payments';
import { giveApi } from './give-api';
import { giveErrorText } from './give-errors';
import { StepHeading } from './step-heading';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

type Search = { state: 'idle' } | { state: 'loading' } | { state: 'done'; results: GivingInstitution[] } | { state: 'error'; message: string };

/** A guest finds the church or mosque by its name or code. */
export function ChurchStep({ onChoose, onBack }: { onChoose: (institution: GivingInstitution) => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const query = text.trim();

  useEffect(() => {
    if (query.length < MIN_CHARS) {
      setSearch({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    // Waits for a pause in typing: one request per word, not per letter, on a slow network.
    const timer = setTimeout(() => {
      setSearch({ state: 'loading' });
      giveApi
        .searchInstitutions(query, controller.signal)
        .then((answer) => setSearch({ state: 'done', results: answer.data }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setSearch({ state: 'error', message: giveErrorText(error, i18n) });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, i18n]);

  return (
    <section className="give-card" aria-labelledby="give-church-title">
      <StepHeading>
        <span id="give-church-title">
          <Trans>Choose the church or mosque</Trans>
        </span>
      </StepHeading>
      <div className="field">
        <label htmlFor="give-church-search">
          <Trans>Name or code of the church or mosque</Trans>
        </label>
        <input
          id="give-church-search"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="give-church-hint"
          aria-controls="give-church-results"
        />
        <p className="field-hint" id="give-church-hint">
          <Trans>Type at least 2 letters of its name or code.</Trans>
        </p>
      </div>
      <div id="give-church-results" aria-live="polite" aria-busy={search.state === 'loading'}>
        {search.state === 'loading' ? <p className="muted">{t`Searching…`}</p> : null}
        {search.state === 'error' ? (
          <p className="notice notice-error" role="alert">
            {search.message}
          </p>
        ) : null}
        {search.state === 'done' && search.results.length === 0 ? (
          <p className="muted">
            <Trans>No church or mosque matches “{query}”.</Trans>
          </p>
        ) : null}
        {search.state === 'done' && search.results.length > 0 ? (
          <ul className="give-results" aria-label={t`Churches and mosques found`}>
            {search.results.map((institution) => (
              <li key={institution.id}>
                <button type="button" className="give-result" onClick={() => onChoose(institution)}>
                  <span className="give-result-title">{institution.title}</span>
                  <span className="muted">{institution.code}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="give-links">
        <button type="button" className="btn-link" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
      </div>
    </section>
  );
}
