import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { referralsPath, reportQueries, type ReferralFilters } from './api';
import { DateRange } from './date-filters';
import { ExportButtons } from './export-buttons';
import { ReferrersSection } from './referrers-section';

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
            <label htmlFor="report-code">{t`Referral code`}</label>
            <input id="report-code" value={draft.referralCode} onChange={(event) => setDraft({ ...draft, referralCode: event.target.value })} />
          </div>
        </div>
        <div className="section-head">
          <button type="submit" className="btn btn-primary">
            <Trans>Show</Trans>
          </button>
          <ExportButtons pathFor={(format) => referralsPath(filters, format)} baseName="referrals" />
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
          <div className="card">
            <h3 className="card-title">
              <Trans>Institutions per referral code</Trans>
            </h3>
            {report.data.totals.length === 0 ? (
              <EmptyState title={t`No referrals in this period`} />
            ) : (
              <ul className="stat-cards">
                {report.data.totals.map((total) => (
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
          {report.data.data.length > 0 ? (
            <div className="card table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t`Referral report`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Referral code`}</th>
                    <th scope="col">{t`Referrer`}</th>
                    <th scope="col">{t`Staff or freelancer`}</th>
                    <th scope="col">{t`Employee number or phone`}</th>
                    <th scope="col">{t`Institution`}</th>
                    <th scope="col">{t`Code`}</th>
                    <th scope="col">{t`Branch`}</th>
                    <th scope="col">{t`Registration channel`}</th>
                    <th scope="col">{t`Registered`}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.data.map((row, index) => (
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
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
      <ReferrersSection />
    </section>
  );
}
