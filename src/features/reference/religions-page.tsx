import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Religion } from '../../../domain/api/back-office-reference';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { InlineForm } from '../../components/ui/inline-form';
import { referenceQueries, useSaveReligion } from './api';
import { EditableListPage } from './editable-list-page';
import { checkReligion, checkedResolver, type ReligionValues } from './form-rules';
import { useReferenceGrants } from './grants';
import { useSaveSubmit } from './save-submit';

type ReligionRow = z.infer<typeof Religion>;

const resolver = checkedResolver(checkReligion);

function ReligionForm({ religion, onDone }: { religion: ReligionRow | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveReligion();
  const form = useForm<ReligionValues>({ resolver, defaultValues: { code: religion?.code ?? '', nameEn: religion?.nameEn ?? '', nameSw: religion?.nameSw ?? '' } });
  const { errors, isSubmitting } = form.formState;
  // The code names the religion in data and URLs; it is set once.
  const submit = useSaveSubmit(form, (values) => save.mutateAsync({ id: religion?.id ?? null, input: religion ? { nameEn: values.nameEn, nameSw: values.nameSw } : values }), onDone);
  const codeLabel = i18n._(fieldLabels.code);
  const enLabel = i18n._(fieldLabels.nameEn);
  const swLabel = i18n._(fieldLabels.nameSw);
  return (
    <InlineForm titleId="religion-form-title" title={religion ? t`Edit religion ${religion.nameEn}` : t`New religion`} failure={errors.root?.message} busy={isSubmitting} onSubmit={submit} onCancel={onDone}>
      <div className="form-row">
        <Field id="religion-code" label={codeLabel} error={fieldErrorWords(errors.code, codeLabel)} hint={t`Lower-case letters, e.g. christian`}>
          <input id="religion-code" readOnly={religion !== null} aria-invalid={Boolean(errors.code)} {...form.register('code')} />
        </Field>
        <Field id="religion-en" label={enLabel} error={fieldErrorWords(errors.nameEn, enLabel)}>
          <input id="religion-en" lang="en" aria-invalid={Boolean(errors.nameEn)} {...form.register('nameEn')} />
        </Field>
        <Field id="religion-sw" label={swLabel} error={fieldErrorWords(errors.nameSw, swLabel)}>
          <input id="religion-sw" lang="sw" aria-invalid={Boolean(errors.nameSw)} {...form.register('nameSw')} />
        </Field>
      </div>
    </InlineForm>
  );
}

/** /settings/religions: each religion's code and its name in both languages. */
export function ReligionsPage() {
  const { t } = useLingui();
  const list = useQuery(referenceQueries.religions());
  const { canCreate, canUpdate } = useReferenceGrants('religions');
  return (
    <EditableListPage
      headingId="religions-heading"
      title={t`Religions`}
      newLabel={t`New religion`}
      canCreate={canCreate}
      list={list}
      columns={[t`Code`, t`Name in English`, t`Name in Swahili`]}
      cells={(religion) => (
        <>
          <td>{religion.code}</td>
          <td lang="en">{religion.nameEn}</td>
          <td lang="sw">{religion.nameSw}</td>
        </>
      )}
      rowAction={canUpdate ? { label: (religion) => t`Edit ${religion.nameEn}`, text: <Trans>Edit</Trans> } : null}
      editor={(religion, close) => <ReligionForm religion={religion} onDone={close} />}
    />
  );
}
