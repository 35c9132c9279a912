import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACTIVITY_AREAS, isActivityAction, type ActivityArea } from '../../../domain/activity-actions';
import { ChoiceFilter } from '../../components/ui/choice-filter';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { FilterBar } from '../../components/ui/filter-bar';
import { useCursorStack } from '../../lib/cursor-stack';
import { activityDetails } from './activity-details';
import { activityActionLabels, activityAreaLabels, entityTypeLabels } from './activity-labels';
import { activityQueries, type ActivityFilters } from './api';
import { LogListCard } from './log-list-card';
import '../../components/ui/back-office.css';

/** /activities: the activity log, searched by who, what, when and from where. */
export function ActivitiesPage() {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<ActivityFilters>({ search: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState<ActivityFilters>(draft);
  const pages = useCursorStack();
  const list = useQuery(activityQueries.activities(filters, pages.cursor));
  return (
    <section className="page" aria-labelledby="activities-heading">
      <h2 id="activities-heading" className="page-heading">
        <Trans>Activity logs</Trans>
      </h2>
      <FilterBar label={t`Search the activity log`} onSubmit={() => {
          setFilters(draft);
          pages.reset();
        }}
      >
        <Field id="activity-search" label={t`Search`}>
          <input id="activity-search" type="search" value={draft.search} placeholder={t`User, details or address`} onChange={(event) => setDraft({ ...draft, search: event.target.value })} />
        </Field>
        <Field id="activity-action" label={t`Area`}>
          {/* The server matches actions by prefix: "auth." is every sign-in and password action. */}
          <ChoiceFilter<ActivityArea>
            id="activity-action"
            value={(draft.action.replace(/\.$/, '') as ActivityArea) || ''}
            allLabel={t`All areas`}
            options={ACTIVITY_AREAS.map((area) => ({ value: area, label: i18n._(activityAreaLabels[area]) }))}
            onChange={(area) => setDraft({ ...draft, action: area ? `${area}.` : '' })}
          />
        </Field>
        <Field id="activity-from" label={t`From`}>
          <input id="activity-from" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </Field>
        <Field id="activity-to" label={t`To`}>
          <input id="activity-to" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </Field>
      </FilterBar>
      <LogListCard list={list} pages={pages}>
        {(answer) => (
          <DataTable caption={t`Activity logs`} columns={[t`When`, t`Who`, t`What`, t`Details`, t`From where`]}>
            {answer.data.map((row) => (
              <tr key={row.id}>
                <td>
                  <DateTime value={row.at} />
                </td>
                <td>{row.userName ?? '—'}</td>
                <td className="text-cell" data-action={row.action}>
                  {isActivityAction(row.action) ? i18n._(activityActionLabels[row.action]) : t`Other action`}
                  {row.entityType ? (
                    <div className="muted">
                      {entityTypeLabels[row.entityType] ? i18n._(entityTypeLabels[row.entityType]!) : t`Record`} {row.entityId ?? ''}
                    </div>
                  ) : null}
                </td>
                <td className="wrap">{activityDetails(i18n, row.action, row.details)}</td>
                <td>
                  {row.ipAddress ?? '—'}
                  {row.userAgent ? (
                    <div className="muted wrap" title={row.userAgent}>
                      {row.userAgent.slice(0, 60)}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LogListCard>
    </section>
  );
}
