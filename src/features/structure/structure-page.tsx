import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { StructureNode } from '../../../domain/api/structure';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo, userKind } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { structureQueries } from './api';
import { NewInstitutionForm } from './new-institution-form';
import { useStructureFormat } from './structure-format';
import './structure.css';

/**
 * /structure and /structure/{id}: the institution tree the caller sees (an admin's religion, a
 * branch's institutions, an entity user's subtree), one node at a time like Rock's campus tree and
 * ChurchCRM's families: a node's children load on opening it (one request, paged by keyset), with
 * institutions below, members and the last 30 days' collections; a search finds a name or code
 * anywhere in scope.
 */
export function StructurePage() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const { id } = useParams();
  const nodeId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const pages = useInfiniteQuery(structureQueries.tree(nodeId, search));
  const first = pages.data?.pages[0];
  const opened = first?.parent ?? null;
  const rows = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const structurePath = (target: number | null) => localizedPath(target === null ? paths.structure : `${paths.structure}/${target}`, locale);

  return (
    <section className="page structure" aria-labelledby="structure-heading">
      <h2 id="structure-heading" className="page-heading">
        {opened ? t`Structure: ${opened.node.title}` : t`Structure`}
      </h2>
      {nodeId !== null ? (
        <nav className="structure-crumbs" aria-label={t`Levels above`}>
          <ol>
            <li>
              <Link to={structurePath(null)}>
                <Trans>Top</Trans>
              </Link>
            </li>
            {(opened?.ancestors ?? []).map((ancestor) => (
              <li key={ancestor.id}>
                <Link to={structurePath(ancestor.id)}>{ancestor.title}</Link>
              </li>
            ))}
            {opened ? <li aria-current="page">{opened.node.title}</li> : null}
          </ol>
        </nav>
      ) : null}
      <form
        className="card form"
        role="search"
        aria-label={t`Find a church or mosque`}
        onSubmit={(event) => {
          event.preventDefault();
          const text = draft.trim();
          setSearch(text.length >= 2 ? text : null);
        }}
      >
        <div className="form-row">
          <div className="field">
            <label htmlFor="structure-search">{t`Name or code`}</label>
            <input id="structure-search" type="search" value={draft} maxLength={80} onChange={(event) => setDraft(event.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary">
            <Trans>Search</Trans>
          </button>
          {search !== null ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setDraft('');
                setSearch(null);
              }}
            >
              <Trans>Clear search</Trans>
            </button>
          ) : null}
        </div>
      </form>
      {opened && search === null ? <OpenedNode node={opened.node} /> : null}
      <div className="card">
        {pages.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : pages.isError ? (
          <EmptyState title={errorText(pages.error, t`You are offline. This page needs a connection.`)} />
        ) : rows.length === 0 ? (
          <EmptyState title={search !== null ? t`No church or mosque matches this search` : t`Nothing below this level`} />
        ) : (
          <NodeTable rows={rows} caption={search !== null ? t`Search results` : opened ? t`Below ${opened.node.title}` : t`Structure`} showParent={search !== null} />
        )}
        {pages.hasNextPage ? (
          <button type="button" className="btn btn-secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            <Trans>Show more</Trans>
          </button>
        ) : null}
      </div>
    </section>
  );
}

function OpenedNode({ node }: { node: StructureNode }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const f = useStructureFormat();
  const profile = useQuery(profileQuery()).data;
  // Bank staff make requests; union and field staff create in their subtree (the server decides).
  const mayCreate = profile ? (userKind(profile) === 'entity' ? canDo(profile, 'structure', 'create') : canDo(profile, 'requests', 'create')) : false;
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className="card structure-summary">
        <p>
          <span className="muted">{f.level(node.level)}</span> · <span>{node.code}</span>
        </p>
        <dl className="structure-counts">
          <div>
            <dt>{t`Institutions below`}</dt>
            <dd>{f.number(node.institutionsBelow)}</dd>
          </div>
          <div>
            <dt>{t`Members`}</dt>
            <dd>{f.number(node.members)}</dd>
          </div>
          <div>
            <dt>{t`Collections, last 30 days`}</dt>
            <dd>{f.sums(node.collections30d)}</dd>
          </div>
        </dl>
        <Link className="btn btn-secondary" to={localizedPath(`${paths.entity}/${node.id}`, localeOfPath(pathname))}>
          {t`Open the profile of ${node.title}`}
        </Link>
        {mayCreate && !node.level.holdsMembers && !creating ? (
          <button type="button" className="btn btn-secondary" onClick={() => setCreating(true)}>
            {t`Add an institution under ${node.title}`}
          </button>
        ) : null}
      </div>
      {creating ? <NewInstitutionForm parentId={node.id} parentTitle={node.title} parentLevel={node.level} onDone={() => setCreating(false)} /> : null}
    </>
  );
}

function NodeTable({ rows, caption, showParent }: { rows: StructureNode[]; caption: string; showParent: boolean }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const f = useStructureFormat();
  return (
    <DataTable
      caption={caption}
      columns={[
        t`Name`,
        t`Code`,
        t`Level`,
        showParent && t`Belongs to`,
        { label: t`Institutions below`, numeric: true },
        { label: t`Members`, numeric: true },
        { label: t`Collections, last 30 days`, numeric: true },
        { label: t`Actions`, hidden: true },
      ]}
    >
      {rows.map((node) => (
        <tr key={node.id}>
          <th scope="row">
            {node.hasChildren ? <Link to={localizedPath(`${paths.structure}/${node.id}`, locale)}>{node.title}</Link> : node.title}
          </th>
          <td>{node.code}</td>
          <td>{f.level(node.level)}</td>
          {showParent ? <td>{node.parentTitle ?? '—'}</td> : null}
          <td className="num">{f.number(node.institutionsBelow)}</td>
          <td className="num">{f.number(node.members)}</td>
          <td className="num">{f.sums(node.collections30d)}</td>
          <td className="row-actions">
            <Link className="btn btn-link btn-small" to={localizedPath(`${paths.entity}/${node.id}`, locale)} aria-label={t`Profile of ${node.title}`}>
              <Trans>Profile</Trans>
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
