import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { FilterBar } from '../../components/ui/filter-bar';
import { StatusBadge, type StatusTone } from '../../components/ui/status-badge';
import { useCursorStack } from '../../lib/cursor-stack';
import { activityQueries, type SessionFilters } from './api';
import { LogListCard } from './log-list-card';
import '../../components/ui/back-office.css';

const tones: Record<string, StatusTone> = { active: 'success', expired: 'neutral', revoked: 'danger' };

/** /log_viewer: sign-in sessions with session id, IP address, device type, version, browser agent and last access. */
export function LogViewerPage() {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<SessionFilters>({ search: '' });
  const pages = useCursorStack();
  const list = useQuery(activityQueries.sessions(filters, pages.cursor));
  const stateLabels: Record<string, string> = { active: t`Active`, expired: t`Expired`, revoked: t`Ended` };
  return (
    <section className="page" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="page-heading">
        <Trans>History log</Trans>
      </h2>
      <FilterBar label={t`Search sessions`} onSubmit={() => {
          setFilters({ search: draft });
          pages.reset();
        }}
      >
        <Field id="session-search" label={t`Search`}>
          <input id="session-search" type="search" value={draft} placeholder={t`User, IP address or browser`} onChange={(event) => setDraft(event.target.value)} />
        </Field>
      </FilterBar>
      <LogListCard list={list} pages={pages}>
        {(answer) => (
          <DataTable
            caption={t`Sessions`}
            columns={[t`Session id`, t`User`, t`IP address`, t`Device type`, t`Version`, t`Browser agent`, t`Started`, t`Last access`, t`State`]}
          >
            {answer.data.map((row) => (
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
          </DataTable>
        )}
      </LogListCard>
    </section>
  );
}
