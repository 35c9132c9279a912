import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { CursorPager } from '../../components/ui/cursor-pager';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { useCursorStack } from '../../lib/cursor-stack';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { REQUESTS_PAGE_SIZE, requestQueries } from './api';
import { registrationStatusLabels, registrationStatusTones } from './labels';
import { RegistrationReview } from './registration-review';
import { ScrollRegion } from '../../components/ui/scroll-region';

// Submitted first: that is the branch's work queue.
const ORDER: readonly RegistrationStatus[] = ['submitted', 'completed', 'rejected', 'unfinished'];

function readStatus(value: string | null): RegistrationStatus | null {
  return REGISTRATION_STATUSES.includes(value as RegistrationStatus) ? (value as RegistrationStatus) : null;
}

/**
 * The registration summary: self-registrations in the caller's scope by state (completed,
 * rejected with its reason, submitted and waiting), where branch staff review a submitted one
 * and send it for approval.
 */
export function RegistrationSummaryTab() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('rstatus'));
  const pages = useCursorStack();
  const reviewing = Number(params.get('registration')) || null;
  const list = useQuery(requestQueries.registrations(status, pages.cursor));

  const change = (next: Record<string, string | null>) => {
    // Another state is another list: it starts at its first page.
    if ('rstatus' in next) pages.reset();
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };

  if (reviewing) return <RegistrationReview id={reviewing} onClose={() => change({ registration: null })} />;
  if (list.isPending) return <Spinner label={t`Loading…`} />;
  if (list.isError) return <EmptyState title={errorText(list.error, t`You are offline. Requests need a connection.`)} />;
  const { data, byStatus, count, nextCursor } = list.data;
  return (
    <>
      <div className="segmented" role="group" aria-label={t`Registrations by state`}>
        <button type="button" className={status === null ? 'segment active' : 'segment'} aria-pressed={status === null} onClick={() => change({ rstatus: null })}>
          <Trans>All</Trans>
        </button>
        {ORDER.map((value) => (
          <button
            key={value}
            type="button"
            className={status === value ? 'segment active' : 'segment'}
            aria-pressed={status === value}
            onClick={() => change({ rstatus: value })}
          >
            {i18n._(registrationStatusLabels[value])} <span className="badge">{byStatus[value] ?? 0}</span>
          </button>
        ))}
      </div>
      {data.length === 0 ? (
        <EmptyState title={t`No registrations here`} />
      ) : (
        <ScrollRegion label={t`Registration summary`}>
          <table className="table">
            <caption className="visually-hidden">{t`Registration summary`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Institution`}</th>
                <th scope="col">{t`Applicant phone`}</th>
                <th scope="col">{t`Submitted`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Reason`}</th>
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => {
                const title = row.title ?? t`(no title yet)`;
                return (
                  <tr key={row.id}>
                    <td>{title}</td>
                    <td>{row.applicantPhone}</td>
                    <td>
                      <DateTime value={row.submittedAt} />
                    </td>
                    <td>
                      <StatusBadge tone={registrationStatusTones[row.status]} label={i18n._(registrationStatusLabels[row.status])} />
                      {row.status === 'submitted' && row.requestId === null ? <span className="muted"> {t`(at the branch)`}</span> : null}
                    </td>
                    <td className="wrap">{row.rejectionReason ?? ''}</td>
                    <td>
                      {row.requestId !== null ? (
                        <Link to={localizedPath(`${paths.requests}/${row.requestId}`, locale)} aria-label={t`Open the request for ${title}`}>
                          <Trans>Open request</Trans>
                        </Link>
                      ) : row.status === 'submitted' ? (
                        <button type="button" className="btn btn-secondary btn-small" aria-label={t`Review ${title}`} onClick={() => change({ registration: String(row.id) })}>
                          <Trans>Review</Trans>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <CursorPager page={pages.page} nextCursor={nextCursor} onNext={pages.next} onPrevious={pages.previous} count={count} limit={REQUESTS_PAGE_SIZE} />
    </>
  );
}
