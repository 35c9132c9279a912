import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { OFFERINGS_REPORT_MAX_LIMIT } from '../../../domain/limits';
import { formatMoney } from '../../../domain/money';
import { ShareBars } from '../../components/charts/share-bars';
import { BusyButton } from '../../components/ui/busy-button';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { offeringsPath, type StatsFilters, statsQueries } from './api';
import { moreOf, OFFERINGS_BARS, OFFERINGS_FIRST, restOf } from './offerings-top';
import { OfferingsExport } from './stats-export';

/**
 * The offerings report of the institution and period: per offering type, the church, field and union
 * shares. A bank admin's scope names tens of thousands of types (each congregation its own), so the
 * page asks for the first few dozen by total and "Show more" asks for more (ADR 071); the chart draws
 * the ten largest and the rest as one bar, the table the types fetched and the rest as one row, and
 * the footer is the whole period's. The export files carry every type.
 */
export function OfferingsSection({ filters, canExport }: { filters: StatsFilters; canExport: boolean }) {
  const { t, i18n } = useLingui();
  // How many types to ask for, for these filters only: a new period or institution starts again at the first page.
  const filtersKey = `${filters.from}|${filters.to}|${filters.institutionId ?? ''}`;
  const [asked, setAsked] = useState({ filtersKey, limit: OFFERINGS_FIRST });
  const limit = asked.filtersKey === filtersKey ? asked.limit : OFFERINGS_FIRST;
  const report = useQuery(statsQueries.offerings(filters, limit));
  const data = report.data;
  const loadingMore = report.isPlaceholderData && report.isFetching;
  const status = useRef<HTMLParagraphElement>(null);
  const pressedMore = useRef(false);
  const hasMore = data !== undefined && data.rows.length < data.types && limit < OFFERINGS_REPORT_MAX_LIMIT;
  // The last "Show more" removes the button: its focus goes to the count line instead of the page's start.
  useEffect(() => {
    if (!pressedMore.current || loadingMore) return;
    pressedMore.current = false;
    if (!hasMore) status.current?.focus();
  }, [hasMore, loadingMore]);

  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'TZS', i18n.locale);
  const number = new Intl.NumberFormat(i18n.locale);
  const otherLabel = (types: number) => {
    const count = number.format(types);
    return t`Other types (${count})`;
  };
  const bars = data ? data.rows.slice(0, OFFERINGS_BARS) : [];
  const barsRest = data ? restOf(data, bars) : null;
  const tableRest = data ? restOf(data, data.rows) : null;
  const shown = number.format(data?.rows.length ?? 0);
  const types = number.format(data?.types ?? 0);
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
          <ShareBars
            label={t`Offerings by type`}
            bars={[
              ...bars.map((row) => ({ key: row.offeringTypeId, label: row.title, value: row.total, display: money(row.total) })),
              ...(barsRest ? [{ key: 'other', label: otherLabel(barsRest.types), value: barsRest.total, display: money(barsRest.total) }] : []),
            ]}
          />
          <p className="offerings-count" role="status" tabIndex={-1} ref={status}>
            {t`Showing ${shown} of ${types} offering types`}
            {!hasMore && tableRest ? ` ${t`The export files list every type.`}` : null}
          </p>
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
            {tableRest ? (
              <tr>
                <td>{otherLabel(tableRest.types)}</td>
                <td className="num">{money(tableRest.total)}</td>
                <td className="num">{money(tableRest.church)}</td>
                <td className="num">{money(tableRest.field)}</td>
                <td className="num">{money(tableRest.union)}</td>
              </tr>
            ) : null}
          </DataTable>
          {hasMore ? (
            <BusyButton
              className="btn btn-secondary"
              busy={loadingMore}
              onClick={() => {
                pressedMore.current = true;
                setAsked({ filtersKey, limit: moreOf(limit, OFFERINGS_REPORT_MAX_LIMIT) });
              }}
            >
              {loadingMore ? t`Loading more offering types…` : t`Show more offering types`}
            </BusyButton>
          ) : null}
        </>
      )}
    </section>
  );
}
