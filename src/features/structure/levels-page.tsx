import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Level } from '../../../domain/api/structure';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { ListCard } from '../../components/ui/list-card';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { choiceQueries, structureQueries, useCreateLevel, useDeleteLevel, useRenameLevel, useReorderLevels } from './api';
import { CustomFieldsSection } from './custom-fields-section';
import { useStructureFormat } from './structure-format';
import './structure.css';
import { FormFooter } from './form-footer';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * /settings/levels: a bank administrator's levels of each religion (add, rename, reorder, remove
 * when empty) and, for the chosen level, its custom fields (ADR 047).
 */
export function LevelsPage() {
  const { t } = useLingui();
  const religions = useQuery(choiceQueries.religions());
  const [picked, setPicked] = useState<number | null>(null);
  const religionId = picked ?? religions.data?.data[0]?.id ?? null;
  const levels = useQuery({ ...structureQueries.levels(religionId), enabled: religionId !== null });
  const [selected, setSelected] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<Level | null>(null);
  const reorder = useReorderLevels();
  const remove = useDeleteLevel();
  const f = useStructureFormat();
  const rows = levels.data?.data ?? [];
  const offline = t`You are offline. Connect to the internet and try again.`;
  const selectedLevel = rows.find((level) => level.id === selected) ?? null;

  const move = async (index: number, by: -1 | 1) => {
    if (religionId === null) return;
    const ids = rows.map((level) => level.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await reorder.mutateAsync({ religionId, levelIds: ids });
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, offline) });
    }
  };
  const drop = async (level: Level) => {
    try {
      await remove.mutateAsync(level.id);
      if (selected === level.id) setSelected(null);
      showToast({ tone: 'success', message: t`Level ${f.level(level)} removed` });
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, offline) });
    }
  };

  return (
    <section className="page" aria-labelledby="levels-heading">
      <h2 id="levels-heading" className="page-heading">{t`Levels and custom fields`}</h2>
      <div className="card form">
        <div className="field">
          <label htmlFor="levels-religion">{t`Religion`}</label>
          <select id="levels-religion" value={religionId ?? ''} onChange={(event) => setPicked(Number(event.target.value))}>
            {(religions.data?.data ?? []).map((religion) => (
              <option key={religion.id} value={religion.id}>
                {f.level(religion)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {religionId !== null ? <NewLevelForm religionId={religionId} /> : null}
      {renaming ? <RenameLevelForm key={renaming.id} level={renaming} onDone={() => setRenaming(null)} /> : null}
      <ListCard list={levels} offlineText={t`You are offline. This page needs a connection.`} emptyTitle={t`This religion has no level yet`}>
        {() => (
          <DataTable caption={t`Levels, top first`} columns={[{ label: t`Rank`, numeric: true }, t`Name in English`, t`Name in Swahili`, t`Code`, { label: t`Institutions`, numeric: true }, { label: t`Actions`, hidden: true }]}>
            {rows.map((level, index) => (
              <tr key={level.id} aria-current={level.id === selected ? 'true' : undefined}>
                <td className="num">{level.rank}</td>
                <th scope="row">{level.nameEn}</th>
                <td>{level.nameSw}</td>
                <td>{level.code}</td>
                <td className="num">{f.number(level.institutionCount)}</td>
                <td className="row-actions">
                  <button type="button" className="btn btn-link btn-small" aria-label={t`Custom fields of ${level.nameEn}`} onClick={() => setSelected(level.id)}>
                    <Trans>Custom fields</Trans>
                  </button>{' '}
                  <button type="button" className="btn btn-link btn-small" aria-label={t`Rename ${level.nameEn}`} onClick={() => setRenaming(level)}>
                    <Trans>Rename</Trans>
                  </button>{' '}
                  {index > 0 ? (
                    <BusyButton type="button" className="btn btn-link btn-small" aria-label={t`Move ${level.nameEn} up`} busy={reorder.isPending} onClick={() => void move(index, -1)}>
                      <Trans>Up</Trans>
                    </BusyButton>
                  ) : null}{' '}
                  {index < rows.length - 1 ? (
                    <BusyButton type="button" className="btn btn-link btn-small" aria-label={t`Move ${level.nameEn} down`} busy={reorder.isPending} onClick={() => void move(index, 1)}>
                      <Trans>Down</Trans>
                    </BusyButton>
                  ) : null}{' '}
                  {level.institutionCount === 0 ? (
                    <BusyButton type="button" className="btn btn-link btn-small" aria-label={t`Remove ${level.nameEn}`} busy={remove.isPending} onClick={() => void drop(level)}>
                      <Trans>Remove</Trans>
                    </BusyButton>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListCard>
      {selectedLevel ? <CustomFieldsSection key={selectedLevel.id} level={selectedLevel} /> : rows.length > 0 ? <div className="card"><EmptyState title={t`Choose a level to see its custom fields`} /></div> : null}
    </section>
  );
}

function NewLevelForm({ religionId }: { religionId: number }) {
  const { t } = useLingui();
  const create = useCreateLevel();
  const [draft, setDraft] = useState({ code: '', nameEn: '', nameSw: '' });
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="card form"
      aria-labelledby="new-level-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        create.mutate(
          { religionId, code: draft.code.trim().toLowerCase(), nameEn: draft.nameEn, nameSw: draft.nameSw },
          { onSuccess: () => setDraft({ code: '', nameEn: '', nameSw: '' }), onError: (error) => setProblem(errorText(error, t`You are offline. Connect to the internet and try again.`)) },
        );
      }}
    >
      <h3 id="new-level-heading">{t`Add a level`}</h3>
      <p className="muted">{t`A new level goes below the lowest one; move it up to place it.`}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="level-code">{t`Code`}</label>
          <input id="level-code" required pattern="[a-z][a-z0-9_\-]{1,30}" value={draft.code} onChange={(event) => setDraft({ ...draft, code: event.target.value })} aria-describedby="level-code-hint" />
          <span id="level-code-hint" className="field-hint">{t`Small letters and digits, e.g. conference`}</span>
        </div>
        <div className="field">
          <label htmlFor="level-en">{t`Name in English`}</label>
          <input id="level-en" required maxLength={60} value={draft.nameEn} onChange={(event) => setDraft({ ...draft, nameEn: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="level-sw">{t`Name in Swahili`}</label>
          <input id="level-sw" required maxLength={60} value={draft.nameSw} onChange={(event) => setDraft({ ...draft, nameSw: event.target.value })} />
        </div>
        <BusyButton type="submit" className="btn btn-primary" busy={create.isPending}>
          <Trans>Add level</Trans>
        </BusyButton>
      </div>
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function RenameLevelForm({ level, onDone }: { level: Level; onDone: () => void }) {
  const { t } = useLingui();
  const rename = useRenameLevel();
  const [draft, setDraft] = useState({ nameEn: level.nameEn, nameSw: level.nameSw });
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="card form"
      aria-labelledby="rename-level-heading"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ id: level.id, input: draft }, { onSuccess: onDone, onError: (error) => setProblem(errorText(error, t`You are offline. Connect to the internet and try again.`)) });
      }}
    >
      <h3 id="rename-level-heading">{t`Rename ${level.nameEn}`}</h3>
      <div className="form-row">
        <div className="field">
          <label htmlFor="rename-en">{t`Name in English`}</label>
          <input id="rename-en" required maxLength={60} value={draft.nameEn} onChange={(event) => setDraft({ ...draft, nameEn: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="rename-sw">{t`Name in Swahili`}</label>
          <input id="rename-sw" required maxLength={60} value={draft.nameSw} onChange={(event) => setDraft({ ...draft, nameSw: event.target.value })} />
        </div>
      </div>
      <FormFooter failure={problem} busy={rename.isPending} onCancel={onDone} />
    </form>
  );
}
