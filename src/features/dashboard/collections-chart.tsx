import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { ShareBars } from '../../components/charts/share-bars';
import { DataTable } from '../../components/ui/data-table';

export type CollectionsRow = { key: number; label: string; value: number; display: string; to: string };

/** Share bars beside the table that carries their values (ADR 033), each amount a link to its transactions. */
export function CollectionsChart({ rows, label, heading }: { rows: readonly CollectionsRow[]; label: string; heading: string }) {
  const { t } = useLingui();
  return (
    <>
      <ShareBars label={label} bars={rows} />
      <DataTable caption={label} columns={[heading, { label: t`Collected`, numeric: true }]}>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className="num">
              <Link to={row.to}>{row.display}</Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
