import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { INSTITUTION_STATUSES } from '../../../domain/api/structure';
import { apiPaths } from '../../../domain/api-paths';
import { localizedPath, paths } from '../../../domain/paths';
import { ChoiceFilter } from '../../components/ui/choice-filter';
import { DataTable } from '../../components/ui/data-table';
import { DownloadProgress } from '../../components/ui/download-progress';
import { FilterBar } from '../../components/ui/filter-bar';
import { ListCard } from '../../components/ui/list-card';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo, userKind } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { choiceQueries, filterQuery, type InstitutionFilters, structureQueries } from './api';
import { useStructureFormat } from './structure-format';
import { BusyButton } from '../../components/ui/busy-button';

export const STATUS_LABELS = {
  unfinished: msg`Unfinished`,
  submitted: msg`Waiting for approval`,
  active: msg`Active`,
  rejected: msg`Rejected`,
  disabled: msg`Disabled`,
} as const;

type Draft = { levelId: string; status: string; branchId: string; religionId: string; region: string; search: string };
const EMPTY: Draft = { levelId: '', status: '', branchId: '', religionId: '', region: '', search: '' };

function toFilters(draft: Draft): InstitutionFilters {
  const id = (value: string) => (value === '' ? undefined : Number(value));
  return {
    levelId: id(draft.levelId),
    status: draft.status || undefined,
    branchId: id(draft.branchId),
    religionId: id(draft.religionId),
    region: draft.region.trim() || undefined,
    search: draft.search.trim().length >= 2 ? draft.search.trim() : undefined,
  };
}

/** /entity: the churches and mosques the caller sees, filtered, paged by keyset, exported by the server. */
export function InstitutionsList() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const profile = useQuery(profileQuery()).data;
  const bank = profile ? userKind(profile) !== 'entity' : false;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<InstitutionFilters>({});
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const after = cursors.at(-1) ?? null;
  const list = useQuery(structureQueries.list(filters, after));
  const levels = useQuery(structureQueries.levels(filters.religionId ?? null));
  const branches = useQuery({ ...choiceQueries.branches(), enabled: bank });
  const religions = useQuery({ ...choiceQueries.religions(), enabled: bank });
  const f = useStructureFormat();
  const download = useExportDownload();

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      await download.start(`${apiPaths.institutionsExport}?${filterQuery({ ...filters, format })}`, `institutions.${format}`);
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  };

  return (
    <section className="page" aria-labelledby="entity-heading">
      <h2 id="entity-heading" className="page-heading">{t`Churches and mosques`}</h2>
      <FilterBar
        label={t`Find churches and mosques`}
        onSubmit={() => {
          setFilters(toFilters(draft));
          setCursors([null]);
        }}
        extra={
          canDo(profile, 'structure', 'export') ? (
            <div className="export-actions">
              <BusyButton type="button" className="btn btn-secondary" busy={download.busy} onClick={() => void exportAs('csv')}>
                <Trans>Export CSV</Trans>
              </BusyButton>{' '}
              <BusyButton type="button" className="btn btn-secondary" busy={download.busy} onClick={() => void exportAs('xlsx')}>
                <Trans>Export Excel</Trans>
              </BusyButton>
              <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
            </div>
          ) : null
        }
      >
        <div className="field">
          <label htmlFor="entity-search">{t`Name or code`}</label>
          <input id="entity-search" type="search" maxLength={80} value={draft.search} onChange={(event) => setDraft({ ...draft, search: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="entity-level">{t`Level`}</label>
          <ChoiceFilter
            id="entity-level"
            value={draft.levelId}
            allLabel={t`All levels`}
            options={(levels.data?.data ?? []).map((level) => ({ value: String(level.id), label: f.level(level) }))}
            onChange={(levelId) => setDraft({ ...draft, levelId })}
          />
        </div>
        <div className="field">
          <label htmlFor="entity-status">{t`Status`}</label>
          <ChoiceFilter
            id="entity-status"
            value={draft.status}
            allLabel={t`All statuses`}
            options={INSTITUTION_STATUSES.map((status) => ({ value: status, label: i18n._(STATUS_LABELS[status]) }))}
            onChange={(status) => setDraft({ ...draft, status })}
          />
        </div>
        {bank ? (
          <>
            <div className="field">
              <label htmlFor="entity-religion">{t`Religion`}</label>
              <ChoiceFilter
                id="entity-religion"
                value={draft.religionId}
                allLabel={t`All religions`}
                options={(religions.data?.data ?? []).map((religion) => ({ value: String(religion.id), label: f.level(religion) }))}
                onChange={(religionId) => setDraft({ ...draft, religionId, levelId: '' })}
              />
            </div>
            <div className="field">
              <label htmlFor="entity-branch">{t`Branch`}</label>
              <ChoiceFilter
                id="entity-branch"
                value={draft.branchId}
                allLabel={t`All branches`}
                options={(branches.data?.data ?? []).map((branch) => ({ value: String(branch.id), label: branch.name }))}
                onChange={(branchId) => setDraft({ ...draft, branchId })}
              />
            </div>
          </>
        ) : null}
        <div className="field">
          <label htmlFor="entity-region">{t`Region`}</label>
          <input id="entity-region" maxLength={80} value={draft.region} onChange={(event) => setDraft({ ...draft, region: event.target.value })} />
        </div>
      </FilterBar>
      <ListCard list={list} offlineText={t`You are offline. This page needs a connection.`} emptyTitle={t`No church or mosque matches these filters`}>
        {(answer) => (
          <>
            <DataTable caption={t`Churches and mosques`} columns={[t`Name`, t`Code`, t`Level`, t`Belongs to`, t`Branch`, t`Region`, t`Status`]}>
              {answer.data.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={localizedPath(`${paths.entity}/${row.id}`, locale)}>{row.title}</Link>
                  </th>
                  <td>{row.code}</td>
                  <td>{f.level(row.level)}</td>
                  <td>{row.parent?.title ?? '—'}</td>
                  <td>{row.branch?.name ?? '—'}</td>
                  <td>{row.region ?? '—'}</td>
                  <td>{row.status in STATUS_LABELS ? i18n._(STATUS_LABELS[row.status as keyof typeof STATUS_LABELS]) : row.status}</td>
                </tr>
              ))}
            </DataTable>
            <div className="section-head">
              {cursors.length > 1 ? (
                <button type="button" className="btn btn-secondary" onClick={() => setCursors(cursors.slice(0, -1))}>
                  <Trans>Previous</Trans>
                </button>
              ) : (
                <span />
              )}
              {answer.nextCursor ? (
                <button type="button" className="btn btn-secondary" onClick={() => setCursors([...cursors, answer.nextCursor])}>
                  <Trans>Next</Trans>
                </button>
              ) : null}
            </div>
          </>
        )}
      </ListCard>
    </section>
  );
}
