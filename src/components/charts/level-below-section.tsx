import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../ui/data-table';
import { ShareBars } from './share-bars';

export type LevelBelowRow = { id: number; title: string; amount: number; count: number };

/**
 * "By the level below": bars of what each institution under the viewer collected, with the same
 * figures as a table (the chart's table view). The dashboard and the statistics page both show it;
 * each says where a name and an amount lead.
 */
export function LevelBelowSection(props: {
  rows: readonly LevelBelowRow[];
  className: string;
  headingId: string;
  money: (amount: number) => string;
  nameLink: (id: number) => string;
  /** Where an amount leads (the transactions behind it); plain text when absent. */
  amountLink?: (id: number) => string;
  /** Where a count of givings leads; plain text when absent. */
  countLink?: (id: number) => string;
  /** A last row, e.g. what was given to the viewer's institution itself. */
  extraRow?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const { rows, money, amountLink, countLink } = props;
  return (
    <section className={props.className} aria-labelledby={props.headingId}>
      <h3 id={props.headingId}>
        <Trans>By the level below</Trans>
      </h3>
      <ShareBars label={t`Collected by the level below`} bars={rows.map((row) => ({ key: row.id, label: row.title, value: row.amount, display: money(row.amount) }))} />
      <DataTable caption={t`Collected by the level below`} columns={[t`Institution`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={props.nameLink(row.id)}>{row.title}</Link>
            </td>
            <td className="num">{amountLink ? <Link to={amountLink(row.id)}>{money(row.amount)}</Link> : money(row.amount)}</td>
            <td className="num">{countLink ? <Link to={countLink(row.id)}>{number.format(row.count)}</Link> : number.format(row.count)}</td>
          </tr>
        ))}
        {props.extraRow}
      </DataTable>
    </section>
  );
}
