import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RoleGroupInput, type RoleGroupItem } from '../../../domain/api/back-office-reference';
import { ACTIONS, FEATURES, type Action, type Feature } from '../../../domain/permissions';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { referenceQueries, useSaveRoleGroup } from './api';
import { showServerErrors } from './form-errors';
import { LOCATION_LEVELS, actionLabels, featureLabels } from './labels';
import '../../components/ui/back-office.css';

const HeaderForm = RoleGroupInput.omit({ features: true });
type Grants = Partial<Record<Feature, Action[]>>;

function toGrants(group: RoleGroupItem | null): Grants {
  return Object.fromEntries((group?.features ?? []).map((grant) => [grant.feature, [...grant.actions]]));
}

/** One role group: name, user type, location level, maker-checker, and the features × actions it grants. */
function RoleGroupEditor({ group, editable, onDone }: { group: RoleGroupItem | null; editable: boolean; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveRoleGroup();
  const [grants, setGrants] = useState<Grants>(() => toGrants(group));
  const form = useForm<z.input<typeof HeaderForm>, unknown, z.output<typeof HeaderForm>>({
    resolver: zodResolver(HeaderForm),
    defaultValues: { name: group?.name ?? '', userType: group?.userType ?? 'bank', locationLevel: group?.locationLevel ?? 'branch', makerChecker: group?.makerChecker ?? true },
  });
  const { errors, isSubmitting } = form.formState;
  const toggle = (feature: Feature, action: Action, on: boolean) =>
    setGrants((current) => {
      const actions = new Set(current[feature] ?? []);
      if (on) actions.add(action);
      else actions.delete(action);
      return { ...current, [feature]: ACTIONS.filter((candidate) => actions.has(candidate)) };
    });
  const submit = form.handleSubmit(async (values) => {
    const features = FEATURES.flatMap((feature) => ((grants[feature]?.length ?? 0) > 0 ? [{ feature, actions: grants[feature]! }] : []));
    try {
      // The user type decides who may hold the group; it is fixed once created.
      const input = group ? { name: values.name, locationLevel: values.locationLevel, makerChecker: values.makerChecker, features } : { ...values, features };
      await save.mutateAsync({ id: group?.id ?? null, input });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['name', 'userType', 'locationLevel', 'makerChecker'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  const nameLabel = t`Name`;
  const levelLabel = t`Location level`;
  return (
    <form className="form card" noValidate onSubmit={submit} aria-labelledby="role-group-title">
      <h2 id="role-group-title" className="card-title">
        {group ? group.name : t`New role group`}
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <fieldset disabled={!editable} className="form">
        <div className="form-row">
          <Field id="rg-name" label={nameLabel} error={fieldErrorWords(errors.name, nameLabel)}>
            <input id="rg-name" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
          </Field>
          <Field id="rg-type" label={t`User type`}>
            <select id="rg-type" disabled={group !== null} {...form.register('userType')}>
              <option value="bank">{t`Bank staff`}</option>
              <option value="entity">{t`Church and mosque users`}</option>
            </select>
          </Field>
          <Field id="rg-level" label={levelLabel} error={fieldErrorWords(errors.locationLevel, levelLabel)} hint={t`bank = head office, branch = one branch, or an institution level`}>
            <input id="rg-level" list="rg-levels" aria-invalid={Boolean(errors.locationLevel)} {...form.register('locationLevel')} />
            <datalist id="rg-levels">
              {LOCATION_LEVELS.map((level) => (
                <option key={level} value={level} />
              ))}
            </datalist>
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...form.register('makerChecker')} />
          <span>
            <Trans>Maker-checker: changes by this group wait for a second person's approval</Trans>
          </span>
        </label>
        <div className="table-wrap">
          <table className="table permission-matrix">
            <caption className="visually-hidden">{t`Features and actions`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Feature`}</th>
                {ACTIONS.map((action) => (
                  <th key={action} scope="col">
                    {i18n._(actionLabels[action])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FEATURES.map((feature) => {
                const featureName = i18n._(featureLabels[feature]);
                return (
                  <tr key={feature}>
                    <th scope="row">{featureName}</th>
                    {ACTIONS.map((action) => {
                      const actionName = i18n._(actionLabels[action]);
                      return (
                        <td key={action}>
                          <input
                            type="checkbox"
                            aria-label={t`${featureName}: ${actionName}`}
                            checked={grants[feature]?.includes(action) ?? false}
                            onChange={(event) => toggle(feature, action, event.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {editable ? <Trans>Cancel</Trans> : <Trans>Close</Trans>}
        </button>
        {editable ? (
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            <Trans>Save</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** /settings/role-groups: what each group may do, where its users sit, and whether maker-checker applies. */
export function RoleGroupsPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const list = useQuery(referenceQueries.roleGroups());
  const [open, setOpen] = useState<RoleGroupItem | 'new' | null>(null);
  const canCreate = canDo(profile, 'roleGroups', 'create');
  const canUpdate = canDo(profile, 'roleGroups', 'update');
  return (
    <section className="page" aria-labelledby="role-groups-heading">
      <div className="section-head">
        <h2 id="role-groups-heading" className="page-heading">
          <Trans>Role groups</Trans>
        </h2>
        {canCreate && open === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setOpen('new')}>
            <Trans>New role group</Trans>
          </button>
        ) : null}
      </div>
      {open !== null ? (
        <RoleGroupEditor key={open === 'new' ? 'new' : open.id} group={open === 'new' ? null : open} editable={open === 'new' ? canCreate : canUpdate} onDone={() => setOpen(null)} />
      ) : null}
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. This page needs a connection.`)} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t`Role groups`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Name`}</th>
                  <th scope="col">{t`User type`}</th>
                  <th scope="col">{t`Location level`}</th>
                  <th scope="col">{t`Maker-checker`}</th>
                  <th scope="col" className="num">
                    {t`Features`}
                  </th>
                  <th scope="col" className="num">
                    {t`Users`}
                  </th>
                  <th scope="col">{t`Actions`}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((group) => (
                  <tr key={group.id}>
                    <td>{group.name}</td>
                    <td>{group.userType === 'bank' ? t`Bank staff` : t`Church and mosque users`}</td>
                    <td>{group.locationLevel}</td>
                    <td>{group.makerChecker ? t`Yes` : t`No`}</td>
                    <td className="num">{group.features.length}</td>
                    <td className="num">{group.userCount}</td>
                    <td>
                      <button type="button" className="btn btn-link btn-small" aria-label={t`Open ${group.name}`} onClick={() => setOpen(group)}>
                        {canUpdate ? <Trans>Edit</Trans> : <Trans>View</Trans>}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
