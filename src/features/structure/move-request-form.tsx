import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { affiliationQueries, useRequestMove } from './affiliation-api';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * Asks for a move under another parent. The choices come from the server (one level up, same
 * religion, in scope, outside its own subtree), which checks the same rules again on submit.
 */
export function MoveRequestForm({ institutionId }: { institutionId: number }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [parentId, setParentId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const choices = useQuery(affiliationQueries.choices(institutionId, search.trim()));
  const move = useRequestMove(institutionId);
  const options = choices.data?.data ?? [];
  return (
    <form
      className="card form"
      aria-labelledby="move-form-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        if (parentId === '') {
          setProblem(t`Choose the new parent`);
          return;
        }
        move.mutate(
          { parentId: Number(parentId) },
          {
            onSuccess: () => showToast({ tone: 'success', message: t`Move requested: it waits for approval` }),
            onError: (error) => setProblem(errorText(error, t`You are offline. Connect to the internet and try again.`)),
          },
        );
      }}
    >
      <h3 id="move-form-heading">{t`Request a move`}</h3>
      <p>
        <Trans>The new parent is one level above, in the same religion. Everything below this institution moves with it.</Trans>
      </p>
      <div className="field">
        <label htmlFor="move-search">{t`Search parents`}</label>
        <input id="move-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="move-parent">{t`New parent`}</label>
        <select id="move-parent" value={parentId} aria-invalid={problem !== null || undefined} aria-describedby={problem ? 'move-problem' : undefined} onChange={(event) => setParentId(event.target.value)}>
          <option value="">{options.length === 0 ? t`No parent to choose` : t`Choose…`}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title} ({option.code})
            </option>
          ))}
        </select>
      </div>
      {problem ? (
        <p id="move-problem" role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      <div className="section-head">
        <BusyButton type="submit" className="btn btn-primary" busy={move.isPending}>
          <Trans>Request the move</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
