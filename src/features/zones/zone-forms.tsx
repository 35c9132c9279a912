import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { MAX_ZONE_COMMUNITY, MAX_ZONE_NAME } from '../../../domain/api/zones';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { showServerErrors } from '../../lib/form-errors';
import { showToast } from '../../lib/toast';
import { useCreateZone, useMergeZone, useUpdateZone } from './api';
import { branchIds, type ZoneNode } from './zone-tree';

type ZoneValues = { name: string; parentId: string; community: string };
const required = (value: string) => (value.trim() ? true : 'validation.required');

/** New zone (zone = null) or rename / move / community of one; a zone is never offered as its own parent. */
export function ZoneForm({ institutionId, zone, zones, onDone }: { institutionId: number; zone: ZoneNode | null; zones: readonly ZoneNode[]; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateZone();
  const update = useUpdateZone();
  const form = useForm<ZoneValues>({ defaultValues: { name: zone?.name ?? '', parentId: zone?.parentId ? String(zone.parentId) : '', community: zone?.community ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const excluded = zone ? branchIds(zone) : new Set<number>();
  const nameLabel = i18n._(fieldLabels.name);
  const communityLabel = i18n._(fieldLabels.community);
  const submit = form.handleSubmit(async (values) => {
    const parentId = values.parentId ? Number(values.parentId) : null;
    const community = values.community.trim() ? values.community.trim() : null;
    try {
      if (zone) await update.mutateAsync({ id: zone.id, patch: { name: values.name.trim(), parentId, community } });
      else await create.mutateAsync({ institutionId, name: values.name.trim(), parentId, community });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['name', 'parentId', 'community'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  return (
    <InlineForm titleId="zone-form-title" title={zone ? t`Edit zone ${zone.name}` : t`New zone`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
      <div className="form-row">
        <Field id="zone-name" label={nameLabel} error={fieldErrorWords(errors.name, nameLabel)}>
          <input id="zone-name" maxLength={MAX_ZONE_NAME} aria-invalid={Boolean(errors.name)} {...form.register('name', { validate: required })} />
        </Field>
        <Field id="zone-parent" label={t`Parent zone`} error={errors.parentId?.message}>
          <select id="zone-parent" {...form.register('parentId')}>
            <option value="">{t`None (top level)`}</option>
            {zones
              .filter((candidate) => !excluded.has(candidate.id))
              .map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {'— '.repeat(candidate.depth)}
                  {candidate.name}
                </option>
              ))}
          </select>
        </Field>
        <Field id="zone-community" label={communityLabel} error={fieldErrorWords(errors.community, communityLabel)}>
          <input id="zone-community" maxLength={MAX_ZONE_COMMUNITY} {...form.register('community')} />
        </Field>
      </div>
    </InlineForm>
  );
}

/** Merge: members and sub-zones go to the chosen zone, then this one goes. */
export function MergeZoneForm({ zone, zones, onDone }: { zone: ZoneNode; zones: readonly ZoneNode[]; onDone: () => void }) {
  const { t } = useLingui();
  const merge = useMergeZone();
  const form = useForm<{ intoZoneId: string }>({ defaultValues: { intoZoneId: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await merge.mutateAsync({ id: zone.id, intoZoneId: Number(values.intoZoneId) });
      showToast({ tone: 'success', message: t`Zones merged` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['intoZoneId'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  const into = t`Merge into`;
  return (
    <InlineForm titleId="zone-merge-title" title={t`Merge zone ${zone.name}`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
      <p className="muted">{t`Its ${zone.memberCount} members and its sub-zones move to the zone you choose; then ${zone.name} is removed.`}</p>
      <Field id="zone-merge-into" label={into} error={fieldErrorWords(errors.intoZoneId, into)}>
        <select id="zone-merge-into" aria-invalid={Boolean(errors.intoZoneId)} {...form.register('intoZoneId', { validate: required })}>
          <option value="">{t`Choose a zone`}</option>
          {zones
            .filter((candidate) => candidate.id !== zone.id)
            .map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {'— '.repeat(candidate.depth)}
                {candidate.name}
              </option>
            ))}
        </select>
      </Field>
    </InlineForm>
  );
}
