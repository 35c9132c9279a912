import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OfferingTypeDetails } from '../../../domain/api/offerings';
import { bpToPercent } from '../../../domain/offering-rules';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { ListCard } from '../../components/ui/list-card';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { offeringQueries } from './api';
import { OfferingTypeForm } from './offering-form';

const percent = (bp: number) => `${bpToPercent(bp)}%`;

/**
 * /settings/offerings: the offering types of the caller's level (or ?institutionId= in scope) with
 * their church / field / union shares and the history of those shares. A church that inherits its
 * types sees them and where they are managed, and cannot change them (getEntityTypeCount/1).
 */
export function OfferingsPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const [params] = useSearchParams();
  const asked = Number(params.get('institutionId'));
  const institutionId = Number.isSafeInteger(asked) && asked > 0 ? asked : null;
  const settings = useQuery({ ...offeringQueries.settings(institutionId), enabled: Boolean(profile) });
  const [editing, setEditing] = useState<OfferingTypeDetails | 'new' | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const answer = settings.data;
  const manages = answer?.manages ?? false;
  const mayCreate = manages && canDo(profile, 'offerings', 'create');
  const mayUpdate = manages && canDo(profile, 'offerings', 'update');

  return (
    <section className="page" aria-labelledby="offerings-heading">
      <div className="section-head">
        <h2 id="offerings-heading" className="page-heading">
          {answer ? t`Offering types of ${answer.institution.title}` : t`Offering types`}
        </h2>
        {mayCreate && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Trans>New offering type</Trans>
          </button>
        ) : null}
      </div>
      {answer && !manages ? (
        <p className="notice notice-warning">{t`These offering types are managed by ${answer.managedBy?.title ?? ''}. Their divisions apply here as set there.`}</p>
      ) : null}
      {answer && editing !== null ? (
        <OfferingTypeForm key={editing === 'new' ? 'new' : editing.id} institutionId={answer.institution.id} type={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      <ListCard list={settings} offlineText={t`You are offline. This page needs a connection.`} emptyTitle={t`No offering type yet`}>
        {(data) => (
          <DataTable
            caption={t`Offering types`}
            columns={[
              t`Title`,
              { label: t`Church`, numeric: true },
              { label: t`Field`, numeric: true },
              { label: t`Union`, numeric: true },
              t`Status`,
              t`Divisions history`,
              { label: t`Actions`, hidden: true },
            ]}
          >
            {data.data.map((type) => (
              <Fragment key={type.id}>
                <tr>
                  <th scope="row">{type.title}</th>
                  <td className="num">{percent(type.churchBp)}</td>
                  <td className="num">{percent(type.fieldBp)}</td>
                  <td className="num">{percent(type.unionBp)}</td>
                  <td>
                    {type.active ? t`Active` : t`Inactive`}
                    {type.inherited ? <span className="muted"> · {t`inherited`}</span> : null}
                    {type.used ? <span className="muted"> · {t`in use`}</span> : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-link btn-small"
                      aria-expanded={opened === type.id}
                      aria-controls={`offering-history-${type.id}`}
                      onClick={() => setOpened(opened === type.id ? null : type.id)}
                    >
                      {t`${type.history.length} periods`}
                    </button>
                  </td>
                  <td>
                    {mayUpdate && !type.inherited ? (
                      <button type="button" className="btn btn-link btn-small" aria-label={t`Edit ${type.title}`} onClick={() => setEditing(type)}>
                        <Trans>Edit</Trans>
                      </button>
                    ) : null}
                  </td>
                </tr>
                {opened === type.id ? (
                  <tr id={`offering-history-${type.id}`}>
                    <td colSpan={7}>
                      <ul className="plain-list">
                        {type.history.map((period) => (
                          <li key={period.effectiveFrom}>
                            {t`From`} <DateTime value={period.effectiveFrom} />: {percent(period.churchBp)} / {percent(period.fieldBp)} / {percent(period.unionBp)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </DataTable>
        )}
      </ListCard>
    </section>
  );
}
