import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { DetailsList } from '../../components/ui/details-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { userKind } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { affiliationQueries } from './affiliation-api';
import { MoveRequestForm } from './move-request-form';
import { structureQueries } from './api';
import { useStructureFormat } from './structure-format';
import './structure.css';

/** /affiliation lists the institutions to choose from; /affiliation/{id} is one institution's affiliation. */
export function AffiliationPage() {
  const { id } = useParams();
  const institutionId = id && /^\d+$/.test(id) ? Number(id) : null;
  return institutionId === null ? <AffiliationIndex /> : <AffiliationDetail key={institutionId} id={institutionId} />;
}

function AffiliationIndex() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const [search, setSearch] = useState('');
  const term = search.trim().length >= 2 ? search.trim() : undefined;
  const list = useQuery(structureQueries.list({ search: term }, null));
  const f = useStructureFormat();
  const rows = list.data?.data ?? [];
  return (
    <section className="page" aria-labelledby="affiliation-heading">
      <h2 id="affiliation-heading" className="page-heading">{t`Affiliation`}</h2>
      <p>
        <Trans>Choose a church, mosque or level to see where it belongs, its earlier moves, and to ask for a move under another parent.</Trans>
      </p>
      <div className="card field">
        <label htmlFor="affiliation-search">{t`Search by name or code`}</label>
        <input id="affiliation-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {list.isPending ? (
        <Spinner label={t`Loading…`} />
      ) : rows.length === 0 ? (
        <EmptyState title={list.error ? errorText(list.error, t`You are offline. This page needs a connection.`) : t`No institution matches`} />
      ) : (
        <DataTable inCard caption={t`Institutions`} columns={[t`Institution`, t`Level`, t`Belongs to`]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={localizedPath(`${paths.affiliation}/${row.id}`, locale)}>{row.title}</Link>
              </th>
              <td>{f.level(row.level)}</td>
              <td>{row.parent?.title ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function AffiliationDetail({ id }: { id: number }) {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const view = useQuery(affiliationQueries.view(id));
  const profile = useQuery(profileQuery()).data;
  const bank = profile ? userKind(profile) !== 'entity' : false;
  const data = view.data;
  if (!data) {
    return (
      <section className="page" aria-labelledby="affiliation-heading">
        <h2 id="affiliation-heading" className="page-heading">{t`Affiliation`}</h2>
        <div className="card">{view.isPending ? <Spinner label={t`Loading…`} /> : <EmptyState title={errorText(view.error, t`You are offline. This page needs a connection.`)} />}</div>
      </section>
    );
  }
  const entityLink = (ref: { id: number; title: string }) => <Link to={localizedPath(`${paths.entity}/${ref.id}`, locale)}>{ref.title}</Link>;
  return (
    <section className="page" aria-labelledby="affiliation-heading">
      <h2 id="affiliation-heading" className="page-heading">{t`Affiliation of ${data.institution.title}`}</h2>
      <section className="card" aria-labelledby="affiliation-now">
        <h3 id="affiliation-now">{t`Where it belongs now`}</h3>
        <DetailsList
          items={[
            { label: t`Institution`, value: entityLink(data.institution) },
            { label: t`Belongs to`, value: data.parent ? entityLink(data.parent) : t`Top level: it has no parent` },
            { label: t`Institutions below that move with it`, value: String(data.institution.institutionsBelow) },
          ]}
        />
      </section>
      {data.pending ? (
        <section className="card" aria-labelledby="affiliation-pending" data-testid="affiliation-pending">
          <h3 id="affiliation-pending">{t`Move waiting for approval`}</h3>
          <p>
            <Trans>
              Asked by {data.pending.makerName ?? '—'}: move under {data.pending.to.title}. Nothing changes until a second person at the bank approves it.
            </Trans>
          </p>
          {bank ? (
            <Link className="btn btn-secondary" to={localizedPath(`${paths.requests}/${data.pending.requestId}`, locale)}>
              <Trans>Open the request</Trans>
            </Link>
          ) : null}
        </section>
      ) : null}
      {data.canRequest ? <MoveRequestForm institutionId={data.institution.id} /> : null}
      <section className="card" aria-labelledby="affiliation-history">
        <h3 id="affiliation-history">{t`Earlier moves`}</h3>
        {data.history.length === 0 ? (
          <EmptyState title={t`It has never been moved`} />
        ) : (
          <DataTable caption={t`Earlier moves`} columns={[t`Date`, t`From`, t`To`, t`Approved by`]}>
            {data.history.map((move) => (
              <tr key={move.id}>
                <th scope="row">
                  <DateTime value={move.movedAt} />
                </th>
                <td>{move.from?.title ?? '—'}</td>
                <td>{move.to.title}</td>
                <td>{move.movedByName ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </section>
  );
}
