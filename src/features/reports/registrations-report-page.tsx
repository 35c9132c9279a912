import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge, type StatusTone } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { registrationsPath, reportQueries, type RegistrationFilters } from './api';
import { DateRange } from './date-filters';
import { ExportButtons } from './export-buttons';
import '../../components/ui/back-office.css';

const tones: Record<RegistrationStatus, StatusTone> = { unfinished: 'neutral', submitted: 'warning', completed: 'success', rejected: 'danger' };

/** /reports/registrations: registrations by state and period, with the rejection reasons. */
export function RegistrationsReportPage() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<RegistrationFilters>({ from: '', to: '', status: '' });
  const [filters, setFilters] = useState<RegistrationFilters>(draft);
  const report = useQuery(reportQueries.registrations(filters));
  const statusLabels: Record<RegistrationStatus, string> = {
    unfinished: t`Unfinished`,
    submitted: t`Submitted, waiting for approval`,
    completed: t`Completed`,
    rejected: t`Rejected`,
  };
  const channelLabels: Record<string, string> = { online: t`Online`, branch: t`At a bank branch` };
  return (
    <section className="page" aria-labelledby="registrations-heading">
      <h2 id="registrations-heading" className="page-heading">
        <Trans>Registered institutions report</Trans>
      </h2>
      <form
        className="card form"
        role="search"
        aria-label={t`Filters`}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <div className="form-row">
          <DateRange from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
          <div className="field">
            <label htmlFor="report-status">{t`Status`}</label>
            <select id="report-status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as RegistrationStatus | '' })}>
              <option value="">{t`All statuses`}</option>
              {REGISTRATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="section-head">
          <button type="submit" className="btn btn-primary">
            <Trans>Show</Trans>
          </button>
          <ExportButtons pathFor={(format) => registrationsPath(filters, format)} baseName="registrations" />
        </div>
      </form>
      {report.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : report.isError ? (
        <div className="card">
          <EmptyState title={errorText(report.error, t`You are offline. Reports need a connection.`)} />
        </div>
      ) : (
        <>
          <ul className="stat-cards" aria-label={t`Registrations by state`}>
            {REGISTRATION_STATUSES.map((status) => (
              <li key={status} className="stat-card">
                <span className="stat-label">{statusLabels[status]}</span>
                <span className="stat-value">{report.data.byStatus[status] ?? 0}</span>
              </li>
            ))}
          </ul>
          <div className="card">
            {report.data.data.length === 0 ? (
              <EmptyState title={t`No registrations in this period`} />
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">{t`Registered institutions report`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t`Institution`}</th>
                      <th scope="col">{t`Status`}</th>
                      <th scope="col">{t`Applicant phone`}</th>
                      <th scope="col">{t`Branch`}</th>
                      <th scope="col">{t`Registration channel`}</th>
                      <th scope="col">{t`Referral code`}</th>
                      <th scope="col">{t`Started`}</th>
                      <th scope="col">{t`Submitted`}</th>
                      <th scope="col">{t`Reason`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.data.map((row) => (
                      <tr key={row.id}>
                        <td>{row.title ?? '—'}</td>
                        <td>
                          <StatusBadge tone={tones[row.status]} label={statusLabels[row.status]} />
                        </td>
                        <td>{row.applicantPhone}</td>
                        <td>{row.branch ?? '—'}</td>
                        <td>{row.channel ? (channelLabels[row.channel] ?? row.channel) : '—'}</td>
                        <td>{row.referralCode ?? '—'}</td>
                        <td>
                          <DateTime value={row.createdAt} dateOnly />
                        </td>
                        <td>
                          <DateTime value={row.submittedAt} dateOnly />
                        </td>
                        <td>{row.rejectionReason ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
