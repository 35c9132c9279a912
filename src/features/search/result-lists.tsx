import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberHit, TransactionHit } from '../../../domain/api/shell';
import { formatMoney } from '../../../domain/money';

export function TransactionResults({ rows }: { rows: readonly TransactionHit[] }) {
  const { i18n } = useLingui();
  if (rows.length === 0) return <NoResults />;
  return (
    <ul className="result-list">
      {rows.map((row) => (
        <li key={row.id} className="result-row">
          <span className="result-main">{row.member}</span>
          <span className="result-sub">{row.trxId}</span>
          <span className="result-amount">{formatMoney(row.amount, row.currency, i18n.locale)}</span>
          {row.phone ? (
            <a className="result-sub" href={`tel:${row.phone}`}>
              {row.phone}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function MemberResults({ rows }: { rows: readonly MemberHit[] }) {
  if (rows.length === 0) return <NoResults />;
  return (
    <ul className="result-list">
      {rows.map((row) => (
        <li key={row.id} className="result-row">
          <span className="result-main">{row.names}</span>
          <span className="result-sub">{row.code}</span>
        </li>
      ))}
    </ul>
  );
}

function NoResults() {
  return (
    <p className="result-empty">
      <Trans>No results found</Trans>
    </p>
  );
}
