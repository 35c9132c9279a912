import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { DashboardBreakdowns } from '../../../domain/api/stats';
import type { Locale } from '../../../domain/locale';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { ShareBars } from '../../components/charts/share-bars';
import { OperatorSection } from '../stats/operator-section';
import { statsLink, transactionsLink } from './breakdown-links';

type Props = { data: DashboardBreakdowns; locale: Locale; money: (amount: number) => string; methodLabel: (method: string) => string };

/**
 * This period by payment method and by network operator (each figure a link to its transactions) and
 * by offering type with the church, field and union shares (the ten largest, the rest in one row); a
 * type's name and total open the transactions with a gift to that type (ADR 075).
 */
export function BreakdownTables({ data, locale, money, methodLabel }: Props) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const other = data.byOfferingTypeOther;
  const shareTotal = [...data.byOfferingType, ...(other ? [other] : [])].reduce((sum, row) => ({ total: sum.total + row.total, church: sum.church + row.church, field: sum.field + row.field, union: sum.union + row.union }), { total: 0, church: 0, field: 0, union: 0 });
  const percent = (part: number) => (shareTotal.total === 0 ? '' : ` (${new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(part / shareTotal.total)})`);
  const otherLabel = (types: number) => {
    const count = number.format(types);
    return t`Other types (${count})`;
  };
  return (
    <div className="dashboard-grid">
      <section className="breakdown-section" aria-labelledby="breakdown-method-heading">
        <h3 id="breakdown-method-heading">
          <Trans>By payment method</Trans>
        </h3>
        {data.byMethod.length === 0 ? (
          <EmptyState title={t`Nothing collected in this period`} />
        ) : (
          <>
            <ShareBars label={t`Collected by payment method`} bars={data.byMethod.map((row) => ({ key: row.method, label: methodLabel(row.method), value: row.amount, display: money(row.amount) }))} />
            <DataTable caption={t`Collected by payment method`} columns={[t`Method`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
              {data.byMethod.map((row) => (
                <tr key={row.method}>
                  <td>{methodLabel(row.method)}</td>
                  <td className="num">
                    <Link to={transactionsLink(locale, data.current, { method: row.method })}>{money(row.amount)}</Link>
                  </td>
                  <td className="num">
                    <Link to={transactionsLink(locale, data.current, { method: row.method })}>{number.format(row.count)}</Link>
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </section>
      <OperatorSection
        rows={data.byOperator}
        linkOf={(operator) => transactionsLink(locale, data.current, { operator })}
        money={money}
        className="breakdown-section"
        headingId="breakdown-operator-heading"
      />
      <section className="breakdown-section" aria-labelledby="breakdown-offering-heading">
        <h3 id="breakdown-offering-heading">
          <Trans>By offering type and share</Trans>
        </h3>
        {data.byOfferingType.length === 0 ? (
          <EmptyState title={t`No offerings in this period`} />
        ) : (
          <>
            <ShareBars
              label={t`Offerings by type`}
              bars={[
                ...data.byOfferingType.map((row) => ({ key: row.offeringTypeId, label: row.title, value: row.total, display: money(row.total) })),
                ...(other ? [{ key: 'other', label: otherLabel(other.types), value: other.total, display: money(other.total) }] : []),
              ]}
            />
            <DataTable
              caption={t`Offerings by type and share`}
              columns={[t`Offering type`, { label: t`Total`, numeric: true }, { label: t`Church share`, numeric: true }, { label: t`Field share`, numeric: true }, { label: t`Union share`, numeric: true }]}
              footer={
                <tr>
                  <th scope="row">{t`Totals`}</th>
                  <td className="num">{money(shareTotal.total)}</td>
                  <td className="num">{money(shareTotal.church) + percent(shareTotal.church)}</td>
                  <td className="num">{money(shareTotal.field) + percent(shareTotal.field)}</td>
                  <td className="num">{money(shareTotal.union) + percent(shareTotal.union)}</td>
                </tr>
              }
            >
              {data.byOfferingType.map((row) => (
                <tr key={row.offeringTypeId}>
                  <td>
                    <Link to={transactionsLink(locale, data.current, { offeringTypeId: row.offeringTypeId })}>{row.title}</Link>
                  </td>
                  <td className="num">
                    <Link to={transactionsLink(locale, data.current, { offeringTypeId: row.offeringTypeId })}>{money(row.total)}</Link>
                  </td>
                  <td className="num">{money(row.church)}</td>
                  <td className="num">{money(row.field)}</td>
                  <td className="num">{money(row.union)}</td>
                </tr>
              ))}
              {other ? (
                <tr>
                  {/* Many types in one row have no one list of transactions: the statistics' offerings table names each. */}
                  <td>
                    <Link to={statsLink(locale, data.current, data.institution?.id ?? null, '#offerings-heading')}>{otherLabel(other.types)}</Link>
                  </td>
                  <td className="num">{money(other.total)}</td>
                  <td className="num">{money(other.church)}</td>
                  <td className="num">{money(other.field)}</td>
                  <td className="num">{money(other.union)}</td>
                </tr>
              ) : null}
            </DataTable>
          </>
        )}
      </section>
    </div>
  );
}
