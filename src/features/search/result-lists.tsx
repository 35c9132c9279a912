import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import type { MemberHit, TransactionHit } from '../../../domain/api/shell';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { localeOfPath } from '../../lib/locale-path';
import { isPathAllowed } from '../../lib/permissions';
import { menuQuery, profileQuery } from '../../lib/session-queries';

/** Where a result leads: only to a page the person's menu opens, so a result never ends on "no permission". */
function useResultTarget(menuPath: string) {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const profile = useQuery(profileQuery()).data;
  const menu = useQuery({ ...menuQuery(profile?.id ?? 0, locale), enabled: profile !== undefined }).data;
  const allowed = menu ? isPathAllowed(menuPath, menu) : false;
  return allowed ? (suffix: string) => `${localizedPath(menuPath, locale)}${suffix}` : null;
}

type ResultProps<Row> = { rows: readonly Row[]; onOpen?: () => void };

export function TransactionResults({ rows, onOpen }: ResultProps<TransactionHit>) {
  const { i18n } = useLingui();
  const target = useResultTarget(paths.transactions);
  if (rows.length === 0) return <NoResults />;
  return (
    <ul className="result-list">
      {rows.map((row) => (
        <li key={row.id} className="result-row">
          {target ? (
            <Link className="result-main" to={target(`?id=${encodeURIComponent(row.id)}`)} onClick={onOpen}>
              {row.member || row.trxId}
            </Link>
          ) : (
            <span className="result-main">{row.member}</span>
          )}
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

export function MemberResults({ rows, onOpen }: ResultProps<MemberHit>) {
  const target = useResultTarget(paths.members);
  if (rows.length === 0) return <NoResults />;
  return (
    <ul className="result-list">
      {rows.map((row) => (
        <li key={row.id} className="result-row">
          {target ? (
            <Link className="result-main" to={target(`/${row.id}`)} onClick={onOpen}>
              {row.names}
            </Link>
          ) : (
            <span className="result-main">{row.names}</span>
          )}
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
