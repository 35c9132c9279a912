import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { PendingRegistration } from '../../../domain/api/shell';
import { localizedPath, paths } from '../../../domain/paths';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType } from '../../../domain/statuses';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { CursorPager } from '../../components/ui/cursor-pager';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { useCursorStack } from '../../lib/cursor-stack';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { REQUESTS_PAGE_SIZE, requestQueries, type RequestFilters } from './api';
import { countOfType, requestStatusLabels, requestStatusTones, requestTypeLabels } from './labels';
import { RegistrationSummaryTab } from './registration-summary-tab';
import '../../components/ui/back-office.css';
import { ScrollRegion } from '../../components/ui/scroll-region';

type Tab = RequestType | 'registrations';
const TABS: readonly Tab[] = [...REQUEST_TYPES, 'registrations'];

function readTab(value: string | null): Tab {
  return TABS.includes(value as Tab) ? (value as Tab) : 'application';
}

function readStatus(value: string | null): RequestStatus | null {
  if (value === 'all') return null;
  return REQUEST_STATUSES.includes(value as RequestStatus) ? (value as RequestStatus) : 'requested';
}

function TabStrip({ tab, counts, onChange }: { tab: Tab; counts: PendingRegistration | undefined; onChange: (tab: Tab) => void }) {
  const { t, i18n } = useLingui();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    refs.current[next]?.focus();
    onChange(TABS[next]!);
  };
  return (
    <div className="tabs" role="tablist" aria-label={t`Requests`}>
      {TABS.map((name, index) => {
        const count = name === 'registrations' ? undefined : counts?.[countOfType[name]];
        return (
          <button
            key={name}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="requests-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onChange(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {name === 'registrations' ? t`Registration summary` : i18n._(requestTypeLabels[name])}
            {count !== undefined ? (
              <>
                {' '}
                <span className="badge" aria-label={t`${count} pending`}>
                  {count}
                </span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** One tab's list, by keyset pages (ADR 062); it is mounted again, at its first page, when the tab or the status changes. */
function RequestTable({ type, status }: Omit<RequestFilters, 'cursor'>) {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const pages = useCursorStack();
  const filters: RequestFilters = { type, status, cursor: pages.cursor };
  const list = useQuery(requestQueries.list(filters));
  if (list.isPending) return <Spinner label={t`Loading…`} />;
  if (list.isError) return <EmptyState title={errorText(list.error, t`You are offline. Requests need a connection.`)} />;
  if (list.data.data.length === 0) return <EmptyState title={t`No requests here`} />;
  return (
    <>
      <ScrollRegion label={i18n._(requestTypeLabels[filters.type])}>
        <table className="table">
          <caption className="visually-hidden">{i18n._(requestTypeLabels[filters.type])}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Request`}</th>
              <th scope="col">{t`Made by`}</th>
              <th scope="col">{t`Branch`}</th>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`Decided by`}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((item) => (
              <tr key={item.id}>
                <td>
                  <Link to={localizedPath(`${paths.requests}/${item.id}`, locale)}>{item.title ?? item.subject}</Link>
                </td>
                <td>{item.makerName ?? '—'}</td>
                <td>{item.branchName ?? '—'}</td>
                <td>
                  <DateTime value={item.createdAt} />
                </td>
                <td>
                  <StatusBadge tone={requestStatusTones[item.status]} label={i18n._(requestStatusLabels[item.status])} />
                </td>
                <td>{item.checkerName ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <CursorPager page={pages.page} nextCursor={list.data.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={list.data.count} limit={REQUESTS_PAGE_SIZE} />
    </>
  );
}

/** /requests: a tab per request type with its pending count (the menu badge's numbers), and the registration summary. */
export function RequestsPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('type'));
  const status = readStatus(params.get('status'));
  // The pending counts ride along with any list answer: the tab's first page (the Applications list's on the registrations tab).
  const counts = useQuery(requestQueries.list({ type: tab === 'registrations' ? 'application' : tab, status, cursor: null })).data?.counts;

  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };

  return (
    <section className="page" aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="visually-hidden">
        <Trans>Requests for approval</Trans>
      </h2>
      <TabStrip tab={tab} counts={counts} onChange={(next) => change({ type: next, status: null, registration: null })} />
      <div id="requests-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="card">
        {tab === 'registrations' ? (
          <RegistrationSummaryTab />
        ) : (
          <>
            <div className="section-head">
              <div className="field">
                <label htmlFor="request-status">{t`Status`}</label>
                <select id="request-status" value={status ?? 'all'} onChange={(event) => change({ status: event.target.value })}>
                  <option value="all">{t`All statuses`}</option>
                  {REQUEST_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {i18n._(requestStatusLabels[value])}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <RequestTable key={`${tab}:${status ?? 'all'}`} type={tab} status={status} />
          </>
        )}
      </div>
    </section>
  );
}
