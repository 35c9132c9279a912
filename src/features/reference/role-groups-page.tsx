import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RoleGroupItem } from '../../../domain/api/back-office-reference';
import { ACTIONS, FEATURES, type Action, type Feature } from '../../../domain/permissions';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { referenceQueries, useSaveRoleGroup } from './api';
import { EditableListPage } from './editable-list-page';
import { checkRoleGroup, checkedResolver, type RoleGroupValues } from './form-rules';
import { useReferenceGrants } from './grants';
import { LOCATION_LEVELS, actionLabels, featureLabels } from './labels';
import { useSaveSubmit } from './save-submit';
import '../../components/ui/back-office.css';
import { locationLevelName, roleGroupName } from '../../lib/reference-names';
import { ScrollRegion } from '../../components/ui/scroll-region';

const resolver = checkedResolver(checkRoleGroup);
type Grants = Partial<Record<Feature, Action[]>>;

function toGrants(group: RoleGroupItem | null): Grants {
  return Object.fromEntries((group?.features ?? []).map((grant) => [grant.feature, [...grant.actions]]));
}

/** One role group: name, user type, location level, maker-checker, and the features × actions it grants. */
function RoleGroupEditor({ group, editable, onDone }: { group: RoleGroupItem | null; editable: boolean; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveRoleGroup();
  const [grants, setGrants] = useState<Grants>(() => toGrants(group));
  const form = useForm<RoleGroupValues>({
    resolver,
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
  const submit = useSaveSubmit(
    form,
    (values) => {
      const features = FEATURES.flatMap((feature) => ((grants[feature]?.length ?? 0) > 0 ? [{ feature, actions: grants[feature]! }] : []));
      // The user type decides who may hold the group; it is fixed once created.
      const input = group ? { name: values.name, locationLevel: values.locationLevel, makerChecker: values.makerChecker, features } : { ...values, features };
      return save.mutateAsync({ id: group?.id ?? null, input });
    },
    onDone,
  );
  const nameLabel = t`Name`;
  const levelLabel = t`Location level`;
  return (
    <InlineForm titleId="role-group-title" title={group ? roleGroupName(i18n, group.name) : t`New role group`} failure={errors.root?.message} busy={isSubmitting} readOnly={!editable} onSubmit={submit} onCancel={onDone}>
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
                <option key={level} value={level} label={locationLevelName(i18n, level)} />
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
        <ScrollRegion label={t`Features and actions`}>
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
        </ScrollRegion>
      </fieldset>
    </InlineForm>
  );
}

/** /settings/role-groups: what each group may do, where its users sit, and whether maker-checker applies. */
export function RoleGroupsPage() {
  const { t, i18n } = useLingui();
  const list = useQuery(referenceQueries.roleGroups());
  const { canCreate, canUpdate } = useReferenceGrants('roleGroups');
  return (
    <EditableListPage
      headingId="role-groups-heading"
      title={t`Role groups`}
      newLabel={t`New role group`}
      canCreate={canCreate}
      list={list}
      columns={[t`Name`, t`User type`, t`Location level`, t`Maker-checker`, { label: t`Features`, numeric: true }, { label: t`Users`, numeric: true }]}
      cells={(group) => (
        <>
          <td>{roleGroupName(i18n, group.name)}</td>
          <td>{group.userType === 'bank' ? t`Bank staff` : t`Church and mosque users`}</td>
          <td>{locationLevelName(i18n, group.locationLevel)}</td>
          <td>{group.makerChecker ? t`Yes` : t`No`}</td>
          <td className="num">{group.features.length}</td>
          <td className="num">{group.userCount}</td>
        </>
      )}
      // Everyone who sees the list may open a group; without the update grant it opens read-only.
      rowAction={{ label: (group) => t`Open ${roleGroupName(i18n, group.name)}`, text: canUpdate ? <Trans>Edit</Trans> : <Trans>View</Trans> }}
      editor={(group, close) => <RoleGroupEditor group={group} editable={group === null ? canCreate : canUpdate} onDone={close} />}
    />
  );
}
