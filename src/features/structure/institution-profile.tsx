import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { DetailsList } from '../../components/ui/details-list';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { apiPaths } from '../../../domain/api-paths';
import { errorText } from '../../lib/error-message';
import { downloadFile } from '../../lib/export-download';
import { showToast } from '../../lib/toast';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { structureQueries } from './api';
import { CustomValuesForm } from './custom-values-form';
import { STATUS_LABELS } from './institutions-list';
import { useStructureFormat } from './structure-format';
import './structure.css';

/** Files need the bearer token, so they come through fetch, not a plain link. */
function FileButton({ institutionId, fileId, label }: { institutionId: number; fileId: number; label: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="btn btn-link btn-small"
      onClick={() => void downloadFile(apiPaths.institutionFile(institutionId, fileId), `file-${fileId}`).catch((error: unknown) => showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) }))}
    >
      {label}
    </button>
  );
}

const percent = (bp: number) => `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/**
 * /entity/{id}: one church, mosque or level above them — spec §3's fields, its custom field values,
 * signatories, accounts, users, offering types, zones and what it collected lately.
 */
export function InstitutionProfilePage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const profile = useQuery(structureQueries.profile(id));
  const f = useStructureFormat();
  const data = profile.data;
  const mayEdit = canDo(useQuery(profileQuery()).data, 'structure', 'update');
  const [editing, setEditing] = useState(false);

  if (!data) {
    return (
      <section className="page" aria-labelledby="entity-heading">
        <h2 id="entity-heading" className="page-heading">{t`Church or mosque`}</h2>
        <div className="card">{profile.isPending ? <Spinner label={t`Loading…`} /> : <EmptyState title={errorText(profile.error, t`You are offline. This page needs a connection.`)} />}</div>
      </section>
    );
  }
  const status = data.status in STATUS_LABELS ? i18n._(STATUS_LABELS[data.status as keyof typeof STATUS_LABELS]) : data.status;
  return (
    <section className="page" aria-labelledby="entity-heading">
      <h2 id="entity-heading" className="page-heading">{data.title}</h2>
      <nav className="structure-crumbs" aria-label={t`Levels above`}>
        <ol>
          <li>
            <Link to={localizedPath(paths.entity, locale)}>
              <Trans>Churches and mosques</Trans>
            </Link>
          </li>
          {data.ancestors.map((ancestor) => (
            <li key={ancestor.id}>
              <Link to={localizedPath(`${paths.entity}/${ancestor.id}`, locale)}>{ancestor.title}</Link>
            </li>
          ))}
          <li aria-current="page">{data.title}</li>
        </ol>
      </nav>
      <div className="card structure-summary">
        <dl className="structure-counts">
          <div>
            <dt>{t`Institutions below`}</dt>
            <dd>{f.number(data.institutionsBelow)}</dd>
          </div>
          <div>
            <dt>{t`Members`}</dt>
            <dd>{f.number(data.memberCount)}</dd>
          </div>
          <div>
            <dt>{t`Collections, last 30 days`}</dt>
            <dd>{f.sums(data.collections30d)}</dd>
          </div>
        </dl>
        {data.institutionsBelow > 0 ? (
          <Link className="btn btn-secondary" to={localizedPath(`${paths.structure}/${data.id}`, locale)}>
            <Trans>Open in the structure</Trans>
          </Link>
        ) : null}
        <Link className="btn btn-secondary" to={localizedPath(`${paths.affiliation}/${data.id}`, locale)}>
          <Trans>Affiliation and moves</Trans>
        </Link>
      </div>
      <div className="profile-grid">
        <section className="card" aria-labelledby="profile-details">
          <h3 id="profile-details">{t`Details`}</h3>
          <DetailsList
            items={[
              { label: t`Code`, value: data.code },
              { label: t`Abbreviation`, value: data.abbreviation },
              { label: t`Level`, value: f.level(data.level) },
              { label: t`Religion`, value: f.level(data.religion) },
              { label: t`Belongs to`, value: data.parent?.title },
              { label: t`Status`, value: status },
              { label: t`Branch`, value: data.branch?.name },
              { label: t`Region`, value: data.region },
              { label: t`District`, value: data.district },
              { label: t`Street`, value: data.street },
              { label: t`Account number`, value: data.accountNumber },
              { label: t`Account name`, value: data.accountName },
              { label: t`Referral code`, value: data.referralCode },
              { label: t`Registration channel`, value: data.registrationChannel },
              { label: t`Logo`, value: data.logoFileId !== null ? <FileButton institutionId={data.id} fileId={data.logoFileId} label={t`Download the logo`} /> : t`None` },
              { label: t`Default user`, value: data.defaultUser ? `${data.defaultUser.name} (${data.defaultUser.username})` : null },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="profile-fields">
          <h3 id="profile-fields">{t`Custom fields`}</h3>
          {mayEdit && !editing && data.customFields.length > 0 ? (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              <Trans>Edit custom fields</Trans>
            </button>
          ) : null}
          {editing ? <CustomValuesForm institutionId={data.id} levelId={data.level.id} values={data.customFields} onDone={() => setEditing(false)} /> : null}
          {data.customFields.length === 0 ? (
            <EmptyState title={t`This level has no custom fields`} />
          ) : (
            <DetailsList items={data.customFields.map((field) => ({ label: field.label, value: field.value }))} />
          )}
        </section>
      </div>
      <section className="card" aria-labelledby="profile-signatories">
        <h3 id="profile-signatories">{t`Signatories`}</h3>
        {data.signatories.length === 0 ? (
          <EmptyState title={t`No signatory recorded`} />
        ) : (
          <DataTable caption={t`Signatories`} columns={[t`Name`, t`Phone`, t`Email`, t`Signed form`]}>
            {data.signatories.map((person, index) => (
              <tr key={`${person.phone}-${index}`}>
                <th scope="row">{person.name}</th>
                <td>{person.phone}</td>
                <td>{person.email ?? '—'}</td>
                <td>{person.documentFileId !== null ? <FileButton institutionId={data.id} fileId={person.documentFileId} label={t`Download the signed form of ${person.name}`} /> : t`None`}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section className="card" aria-labelledby="profile-accounts">
        <h3 id="profile-accounts">{t`Bank accounts`}</h3>
        {data.bankAccounts.length === 0 ? (
          <EmptyState title={t`No bank account`} />
        ) : (
          <DataTable caption={t`Bank accounts`} columns={[t`Account number`, t`Account name`, t`Currency`, t`Status`, t`Default`]}>
            {data.bankAccounts.map((account) => (
              <tr key={account.id}>
                <th scope="row">{account.accountNumber}</th>
                <td>{account.accountName}</td>
                <td>{account.currency}</td>
                <td>{account.status}</td>
                <td>{account.isDefault ? t`Yes` : t`No`}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section className="card" aria-labelledby="profile-users">
        <h3 id="profile-users">{t`Users`}</h3>
        {data.users.length === 0 ? (
          <EmptyState title={t`No user`} />
        ) : (
          <DataTable caption={t`Users`} columns={[t`Name`, t`Username`, t`Role group`, t`Status`]}>
            {data.users.map((user) => (
              <tr key={user.id}>
                <th scope="row">{user.name}</th>
                <td>{user.username}</td>
                <td>{user.roleGroup}</td>
                <td>{user.status}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <div className="profile-grid">
        <section className="card" aria-labelledby="profile-offerings">
          <h3 id="profile-offerings">{t`Offering types`}</h3>
          {data.offeringTypes.length === 0 ? (
            <EmptyState title={t`No offering type defined here`} />
          ) : (
            <DataTable caption={t`Offering types`} columns={[t`Title`, { label: t`Church`, numeric: true }, { label: t`Field`, numeric: true }, { label: t`Union`, numeric: true }, t`Status`]}>
              {data.offeringTypes.map((type) => (
                <tr key={type.id}>
                  <th scope="row">{type.title}</th>
                  <td className="num">{percent(type.churchBp)}</td>
                  <td className="num">{percent(type.fieldBp)}</td>
                  <td className="num">{percent(type.unionBp)}</td>
                  <td>{type.active ? t`Active` : t`Inactive`}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
        <section className="card" aria-labelledby="profile-zones">
          <h3 id="profile-zones">{t`Zones and groups`}</h3>
          {data.zones.length === 0 ? (
            <EmptyState title={t`No zone yet`} />
          ) : (
            <ul>
              {data.zones.map((zone) => (
                <li key={zone.id}>{zone.name}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="card" aria-labelledby="profile-collections">
        <h3 id="profile-collections">{t`Recent collections`}</h3>
        {data.recentCollections.length === 0 ? (
          <EmptyState title={t`Nothing collected in the last 30 days`} />
        ) : (
          <DataTable caption={t`Completed collections per day, last 30 days`} columns={[t`Day`, { label: t`Transactions`, numeric: true }, { label: t`Amount`, numeric: true }]}>
            {data.recentCollections.map((row) => (
              <tr key={`${row.day}-${row.currency}`}>
                <th scope="row">{row.day}</th>
                <td className="num">{f.number(row.transactions)}</td>
                <td className="num">{f.money(row.amount, row.currency)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </section>
  );
}
