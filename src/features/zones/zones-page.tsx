import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { ListCard } from '../../components/ui/list-card';
import { apiPaths } from '../../../domain/api-paths';
import { errorText } from '../../lib/error-message';
import { downloadFile } from '../../lib/export-download';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useDeleteZone, zoneQueries } from './api';
import { MergeZoneForm, ZoneForm } from './zone-forms';
import { buildZoneTree, flattenZoneTree, type ZoneNode } from './zone-tree';

type Editing = { kind: 'new' } | { kind: 'edit' | 'merge'; zone: ZoneNode } | null;

/**
 * /groups-management: a congregation's zones as a tree (Planning Center's groups, Rock's group
 * tree): members here and below, create, rename, move, merge, delete when empty. A union or the
 * bank opens a congregation's zones with ?institutionId= (from its structure page).
 */
export function ZonesPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const [params] = useSearchParams();
  const asked = Number(params.get('institutionId'));
  const institutionId = Number.isSafeInteger(asked) && asked > 0 ? asked : (profile?.entityId ?? null);
  const list = useQuery({ ...zoneQueries.list(institutionId), enabled: institutionId !== null });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ZoneNode | null>(null);
  const remove = useDeleteZone();
  const rows = useMemo(() => (list.data ? flattenZoneTree(buildZoneTree(list.data.data)) : []), [list.data]);
  const may = (action: 'create' | 'update' | 'delete') => canDo(profile, 'groups', action);
  const mayPrintCards = canDo(profile, 'members', 'view');

  if (institutionId === null) {
    return (
      <section className="page" aria-labelledby="zones-heading">
        <h2 id="zones-heading" className="page-heading">{t`Zones and groups`}</h2>
        <div className="card">
          <EmptyState title={t`Open a church or mosque from the structure to see its zones.`} />
        </div>
      </section>
    );
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast({ tone: 'success', message: t`Zone ${deleting.name} deleted` });
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    } finally {
      setDeleting(null);
    }
  };

  // Issue 13: the cards of everyone in the zone (not its sub-zones), ten to an A4 sheet, each with a QR of the member code.
  const printCards = async (zone: ZoneNode) => {
    try {
      await downloadFile(`${apiPaths.memberCards}?zoneId=${zone.id}&layout=a4`, `member-cards-${zone.name}.pdf`);
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  };

  return (
    <section className="page" aria-labelledby="zones-heading">
      <div className="section-head">
        <h2 id="zones-heading" className="page-heading">{t`Zones and groups`}</h2>
        {may('create') && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })}>
            <Trans>New zone</Trans>
          </button>
        ) : null}
      </div>
      {editing?.kind === 'new' ? <ZoneForm key="new" institutionId={institutionId} zone={null} zones={rows} onDone={() => setEditing(null)} /> : null}
      {editing?.kind === 'edit' ? <ZoneForm key={`edit-${editing.zone.id}`} institutionId={institutionId} zone={editing.zone} zones={rows} onDone={() => setEditing(null)} /> : null}
      {editing?.kind === 'merge' ? <MergeZoneForm key={`merge-${editing.zone.id}`} zone={editing.zone} zones={rows} onDone={() => setEditing(null)} /> : null}
      <ListCard list={list} offlineText={t`You are offline. This page needs a connection.`} emptyTitle={t`No zone yet`}>
        {() => (
          <DataTable
            caption={t`Zones and groups`}
            className="zone-tree"
            columns={[t`Zone`, t`Community`, { label: t`Members`, numeric: true }, { label: t`With sub-zones`, numeric: true }, { label: t`Actions`, hidden: true }]}
          >
            {rows.map((zone) => (
              // aria-level belongs to treegrid rows only (axe: aria-conditional-attr); the indent and the
              // "with sub-zones" count carry the nesting.
              <tr key={zone.id}>
                <th scope="row" style={{ paddingInlineStart: `${12 + zone.depth * 20}px` }}>
                  {zone.depth > 0 ? <span aria-hidden="true">└ </span> : null}
                  {zone.name}
                </th>
                <td>{zone.community ?? '—'}</td>
                <td className="num">{zone.memberCount}</td>
                <td className="num">{zone.totalMembers}</td>
                <td className="row-actions">
                  {mayPrintCards && zone.memberCount > 0 ? (
                    <>
                      <button type="button" className="btn btn-link btn-small" aria-label={t`Member cards of ${zone.name} (PDF)`} onClick={() => void printCards(zone)}>
                        <Trans>Cards</Trans>
                      </button>{' '}
                    </>
                  ) : null}
                  {may('update') ? (
                    <>
                      <button type="button" className="btn btn-link btn-small" aria-label={t`Edit ${zone.name}`} onClick={() => setEditing({ kind: 'edit', zone })}>
                        <Trans>Edit</Trans>
                      </button>{' '}
                      <button type="button" className="btn btn-link btn-small" aria-label={t`Merge ${zone.name}`} onClick={() => setEditing({ kind: 'merge', zone })}>
                        <Trans>Merge</Trans>
                      </button>{' '}
                    </>
                  ) : null}
                  {may('delete') ? (
                    <button type="button" className="btn btn-link btn-small" aria-label={t`Delete ${zone.name}`} onClick={() => setDeleting(zone)}>
                      <Trans>Delete</Trans>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListCard>
      {deleting ? (
        <ConfirmDialog
          title={t`Delete zone ${deleting.name}?`}
          confirmLabel={t`Delete`}
          cancelLabel={t`Cancel`}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t`Only an empty zone can be deleted. A zone with members or sub-zones is merged into another instead.`}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
