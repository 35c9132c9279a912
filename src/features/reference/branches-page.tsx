import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { Branch } from '../../../domain/api/back-office-reference';
import { fieldLabels } from '../../../domain/messages';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { referenceQueries, useSaveBranch } from './api';
import { EditableListPage } from './editable-list-page';
import { checkBranch, checkedResolver, type BranchValues } from './form-rules';
import { useReferenceGrants } from './grants';
import { useSaveSubmit } from './save-submit';

const resolver = checkedResolver(checkBranch);

function BranchForm({ branch, onDone }: { branch: Branch | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveBranch();
  const form = useForm<BranchValues>({ resolver, defaultValues: { name: branch?.name ?? '', shortCode: branch?.shortCode ?? '', region: branch?.region ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = useSaveSubmit(form, (values) => save.mutateAsync({ id: branch?.id ?? null, input: { ...values, region: values.region.trim() ? values.region : null } }), onDone);
  const nameLabel = i18n._(fieldLabels.name);
  const codeLabel = i18n._(fieldLabels.shortCode);
  const regionLabel = i18n._(fieldLabels.region);
  return (
    <InlineForm titleId="branch-form-title" title={branch ? t`Edit branch ${branch.name}` : t`New branch`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
      <div className="form-row">
        <Field id="branch-name" label={nameLabel} error={fieldErrorWords(errors.name, nameLabel)}>
          <input id="branch-name" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
        </Field>
        <Field id="branch-code" label={codeLabel} error={fieldErrorWords(errors.shortCode, codeLabel)} hint={t`2 to 6 letters, e.g. DSM`}>
          <input id="branch-code" aria-invalid={Boolean(errors.shortCode)} {...form.register('shortCode')} />
        </Field>
        <Field id="branch-region" label={regionLabel} error={fieldErrorWords(errors.region, regionLabel)}>
          <input id="branch-region" {...form.register('region')} />
        </Field>
      </div>
    </InlineForm>
  );
}

/** /branches: the bank's branches by name and short code. */
export function BranchesPage() {
  const { t } = useLingui();
  const list = useQuery(referenceQueries.branches());
  const { canCreate, canUpdate } = useReferenceGrants('branches');
  return (
    <EditableListPage
      headingId="branches-heading"
      title={t`Branches`}
      newLabel={t`New branch`}
      canCreate={canCreate}
      list={list}
      emptyTitle={t`No branch yet`}
      columns={[t`Name`, t`Short code`, t`Region`, t`Created`]}
      cells={(branch) => (
        <>
          <td>{branch.name}</td>
          <td>{branch.shortCode}</td>
          <td>{branch.region ?? '—'}</td>
          <td>
            <DateTime value={branch.createdAt} dateOnly />
          </td>
        </>
      )}
      rowAction={canUpdate ? { label: (branch) => t`Edit ${branch.name}`, text: <Trans>Edit</Trans> } : null}
      editor={(branch, close) => <BranchForm branch={branch} onDone={close} />}
    />
  );
}
