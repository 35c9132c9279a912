import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FilterBar } from '../../components/ui/filter-bar';
import { referralsPath, reportQueries, type ReferralFilters } from './api';
import { DateRange } from './date-filters';
import { ExportButtons } from './export-buttons';
import { ReferrersSection } from './referrers-section';
import { ReportResult } from './report-result';

/** /reports/referrals: institutions registered with a referral code, by referrer (staff or freelancer). */
export function ReferralsReportPage() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ReferralFilters>({ from: '', to: '', referralCode: '' });
  const [filters, setFilters] = useState<ReferralFilters>(draft);
  const report = useQuery(reportQueries.referrals(filters));
  const kindLabels: Record<string, string> = { staff: t`Staff`, freelancer: t`Freelancer` };
  const channelLabels: Record<string, string> = { online: t`Online`, branch: t`At a bank branch` };
  return (
    <section className="page" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading" className="page-heading">
        <Trans>Referral report</Trans>
      </h2>
      <FilterBar
        label={t`Filters`}
        submitText={<Trans>Show</Trans>}
        extra={<ExportButtons pathFor={(format) => referralsPath(filters, format)} baseName="referrals" />}
        onSubmit={() => setFilters(draft)}
      >
        <DateRange from={draft.from} to={draft.to} onChange={(range) => setDraft({ ...draft, ...range })} />
        <Field id="report-code" label={t`Referral code`}>
          <input id="report-code" value={draft.referralCode} onChange={(event) => setDraft({ ...draft, referralCode: event.target.value })} />
        </Field>
      </FilterBar>
      <ReportResult report={report}>
        {(answer) => (
          <>
            <div className="card">
              <h3 className="card-title">
                <Trans>Institutions per referral code</Trans>
              </h3>
              {answer.totals.length === 0 ? (
                <EmptyState title={t`No referrals in this period`} />
              ) : (
                <ul className="stat-cards">
                  {answer.totals.map((total) => (
                    <li key={total.referralCode} className="stat-card">
                      <span className="stat-label">
                        {total.referrer} ({total.referralCode})
                      </span>
                      <span className="stat-value">{total.count}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {answer.data.length > 0 ? (
              <DataTable
                inCard
                caption={t`Referral report`}
                columns={[t`Referral code`, t`Referrer`, t`Staff or freelancer`, t`Employee number or phone`, t`Institution`, t`Code`, t`Branch`, t`Registration channel`, t`Registered`]}
              >
                {answer.data.map((row, index) => (
                  <tr key={`${row.institutionCode}-${index}`}>
                    <td>{row.referralCode}</td>
                    <td>{row.referrer}</td>
                    <td>{kindLabels[row.referrerKind] ?? row.referrerKind}</td>
                    <td>{row.referrerId ?? '—'}</td>
                    <td>{row.institution}</td>
                    <td>{row.institutionCode}</td>
                    <td>{row.branch ?? '—'}</td>
                    <td>{channelLabels[row.channel] ?? row.channel}</td>
                    <td>
                      <DateTime value={row.registeredAt} dateOnly />
                    </td>
                  </tr>
                ))}
              </DataTable>
            ) : null}
          </>
        )}
      </ReportResult>
      <ReferrersSection />
    </section>
  );
}
