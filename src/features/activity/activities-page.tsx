import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { LOG_PAGE_SIZE, activityQueries, type ActivityFilters } from './api';
import '../../components/ui/back-office.css';

/** /activities: the activity log, searched by who, what, when and from where. */
export function ActivitiesPage() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ActivityFilters>({ search: '', action: '', from: '', to: '', offset: 0 });
  const [filters, setFilters] = useState<ActivityFilters>(draft);
  const list = useQuery(activityQueries.activities(filters));
  return (
    <section className="page" aria-labelledby="activities-heading">
      <h2 id="activities-heading" className="page-heading">
        <Trans>Activity logs</Trans>
      </h2>
      <form
        className="card form"
        role="search"
        aria-label={t`Search the activity log`}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...draft, offset: 0 });
        }}
      >
        <div className="form-row">
          <div className="field">
            <label htmlFor="activity-search">{t`Search`}</label>
            <input id="activity-search" type="search" value={draft.search} placeholder={t`User, details or address`} onChange={(event) => setDraft({ ...draft, search: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="activity-action">{t`Action`}</label>
            <input id="activity-action" value={draft.action} placeholder={t`e.g. request.approved`} onChange={(event) => setDraft({ ...draft, action: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="activity-from">{t`From`}</label>
            <input id="activity-from" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="activity-to">{t`To`}</label>
            <input id="activity-to" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. Logs need a connection.`)} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t`Nothing found`} />
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t`Activity logs`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`When`}</th>
                    <th scope="col">{t`Who`}</th>
                    <th scope="col">{t`What`}</th>
                    <th scope="col">{t`Details`}</th>
                    <th scope="col">{t`From where`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((row) => (
                    <tr key={row.id}>
                      <td>
                        <DateTime value={row.at} />
                      </td>
                      <td>{row.userName ?? '—'}</td>
                      <td>
                        <code>{row.action}</code>
                        {row.entityType ? <div className="muted">{`${row.entityType} ${row.entityId ?? ''}`}</div> : null}
                      </td>
                      <td className="wrap">{row.details ?? ''}</td>
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
                </tbody>
              </table>
            </div>
            <Pager offset={filters.offset} limit={LOG_PAGE_SIZE} count={list.data.count} onChange={(offset) => setFilters({ ...filters, offset })} />
          </>
        )}
      </div>
    </section>
  );
}
