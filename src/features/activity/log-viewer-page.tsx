import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge, type StatusTone } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { LOG_PAGE_SIZE, activityQueries, type SessionFilters } from './api';
import '../../components/ui/back-office.css';

const tones: Record<string, StatusTone> = { active: 'success', expired: 'neutral', revoked: 'danger' };

/** /log_viewer: sign-in sessions with session id, IP address, device type, version, browser agent and last access. */
export function LogViewerPage() {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<SessionFilters>({ search: '', offset: 0 });
  const list = useQuery(activityQueries.sessions(filters));
  const stateLabels: Record<string, string> = { active: t`Active`, expired: t`Expired`, revoked: t`Ended` };
  return (
    <section className="page" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="page-heading">
        <Trans>History log</Trans>
      </h2>
      <form
        className="card form"
        role="search"
        aria-label={t`Search sessions`}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ search: draft, offset: 0 });
        }}
      >
        <div className="form-row">
          <div className="field">
            <label htmlFor="session-search">{t`Search`}</label>
            <input id="session-search" type="search" value={draft} placeholder={t`User, IP address or browser`} onChange={(event) => setDraft(event.target.value)} />
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
                <caption className="visually-hidden">{t`Sessions`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Session id`}</th>
                    <th scope="col">{t`User`}</th>
                    <th scope="col">{t`IP address`}</th>
                    <th scope="col">{t`Device type`}</th>
                    <th scope="col">{t`Version`}</th>
                    <th scope="col">{t`Browser agent`}</th>
                    <th scope="col">{t`Started`}</th>
                    <th scope="col">{t`Last access`}</th>
                    <th scope="col">{t`State`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((row) => (
                    <tr key={row.sessionId}>
                      <td>
                        <code title={row.sessionId}>{row.sessionId.slice(0, 12)}</code>
                      </td>
                      <td>{row.userName}</td>
                      <td>{row.ipAddress ?? '—'}</td>
                      <td>{row.deviceType ?? '—'}</td>
                      <td>{row.version ?? '—'}</td>
                      <td className="wrap" title={row.browserAgent ?? undefined}>
                        {row.browserAgent ? row.browserAgent.slice(0, 60) : '—'}
                      </td>
                      <td>
                        <DateTime value={row.startedAt} />
                      </td>
                      <td>
                        <DateTime value={row.lastAccess} />
                      </td>
                      <td>
                        <StatusBadge tone={tones[row.state] ?? 'neutral'} label={stateLabels[row.state] ?? row.state} />
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
