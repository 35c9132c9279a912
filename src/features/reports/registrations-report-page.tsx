import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import { ChoiceFilter } from '../../components/ui/choice-filter';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FilterBar } from '../../components/ui/filter-bar';
import { StatusBadge, type StatusTone } from '../../components/ui/status-badge';
import { registrationsPath, reportQueries, type RegistrationFilters } from './api';
import { DateRange } from './date-filters';
import { ExportButtons } from './export-buttons';
import { ReportResult } from './report-result';
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
      <FilterBar
        label={t`Filters`}
        submitText={<Trans>Show</Trans>}
        extra={<ExportButtons pathFor={(format) => registrationsPath(filters, format)} baseName="registrations" />}
        onSubmit={() => setFilters(draft)}
      >
        <DateRange from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
        <Field id="report-status" label={t`Status`}>
          <ChoiceFilter
            id="report-status"
            value={draft.status}
            allLabel={t`All statuses`}
            options={REGISTRATION_STATUSES.map((status) => ({ value: status, label: statusLabels[status] }))}
            onChange={(status) => setDraft({ ...draft, status })}
          />
        </Field>
      </FilterBar>
      <ReportResult report={report}>
        {(answer) => (
          <>
            <ul className="stat-cards" aria-label={t`Registrations by state`}>
              {REGISTRATION_STATUSES.map((status) => (
                <li key={status} className="stat-card">
                  <span className="stat-label">{statusLabels[status]}</span>
                  <span className="stat-value">{answer.byStatus[status] ?? 0}</span>
                </li>
              ))}
            </ul>
            <div className="card">
              {answer.data.length === 0 ? (
                <EmptyState title={t`No registrations in this period`} />
              ) : (
                <DataTable
                  caption={t`Registered institutions report`}
                  columns={[t`Institution`, t`Status`, t`Applicant phone`, t`Branch`, t`Registration channel`, t`Referral code`, t`Started`, t`Submitted`, t`Reason`]}
                >
                  {answer.data.map((row) => (
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
                </DataTable>
              )}
            </div>
          </>
        )}
      </ReportResult>
    </section>
  );
}
