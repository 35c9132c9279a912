import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../domain/money';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { offeringsPath, type StatsFilters, statsQueries } from './api';
import { ShareBars } from '../../components/charts/share-bars';
import { OfferingsExport } from './stats-export';

/** The offerings report of the institution and period: per offering type, the church, field and union shares. */
export function OfferingsSection({ filters, canExport }: { filters: StatsFilters; canExport: boolean }) {
  const { t, i18n } = useLingui();
  const report = useQuery(statsQueries.offerings(filters));
  const data = report.data;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'TZS', i18n.locale);
  return (
    <section className="stats-section card" aria-labelledby="offerings-heading">
      <div className="section-head">
        <h3 id="offerings-heading">
          <Trans>Offerings report</Trans>
        </h3>
        {canExport ? <OfferingsExport pathFor={(format) => offeringsPath(filters, format)} baseName={`offerings-${filters.from}-${filters.to}`} /> : null}
      </div>
      {!data ? null : data.rows.length === 0 ? (
        <EmptyState title={t`No offerings in this period`} />
      ) : (
        <>
          <ShareBars label={t`Offerings by type`} bars={data.rows.map((row) => ({ key: row.offeringTypeId, label: row.title, value: row.total, display: money(row.total) }))} />
          <DataTable
            caption={t`Offerings report`}
            columns={[t`Offering type`, { label: t`Total`, numeric: true }, { label: t`Church share`, numeric: true }, { label: t`Field share`, numeric: true }, { label: t`Union share`, numeric: true }]}
            footer={
              <tr>
                <th scope="row">{t`Totals`}</th>
                <td className="num">{money(data.totals.total)}</td>
                <td className="num">{money(data.totals.church)}</td>
                <td className="num">{money(data.totals.field)}</td>
                <td className="num">{money(data.totals.union)}</td>
              </tr>
            }
          >
            {data.rows.map((row) => (
              <tr key={row.offeringTypeId}>
                <td>{row.title}</td>
                <td className="num">{money(row.total)}</td>
                <td className="num">{money(row.church)}</td>
                <td className="num">{money(row.field)}</td>
                <td className="num">{money(row.union)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
