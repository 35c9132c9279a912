import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReligionInput, type Religion } from '../../../domain/api/back-office-reference';
import { fieldLabels } from '../../../domain/messages';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { referenceQueries, useSaveReligion } from './api';
import { showServerErrors } from './form-errors';

type ReligionRow = z.infer<typeof Religion>;

function ReligionForm({ religion, onDone }: { religion: ReligionRow | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveReligion();
  const form = useForm<z.input<typeof ReligionInput>, unknown, z.output<typeof ReligionInput>>({
    resolver: zodResolver(ReligionInput),
    defaultValues: { code: religion?.code ?? '', nameEn: religion?.nameEn ?? '', nameSw: religion?.nameSw ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      // The code names the religion in data and URLs; it is set once.
      const input = religion ? { nameEn: values.nameEn, nameSw: values.nameSw } : values;
      await save.mutateAsync({ id: religion?.id ?? null, input });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['code', 'nameEn', 'nameSw'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  const codeLabel = i18n._(fieldLabels.code);
  const enLabel = i18n._(fieldLabels.nameEn);
  const swLabel = i18n._(fieldLabels.nameSw);
  return (
    <form className="form card" noValidate onSubmit={submit} aria-labelledby="religion-form-title">
      <h2 id="religion-form-title" className="card-title">
        {religion ? t`Edit religion ${religion.nameEn}` : t`New religion`}
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
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
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          <Trans>Save</Trans>
        </button>
      </div>
    </form>
  );
}

/** /settings/religions: each religion's code and its name in both languages. */
export function ReligionsPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const list = useQuery(referenceQueries.religions());
  const [editing, setEditing] = useState<ReligionRow | 'new' | null>(null);
  const canCreate = canDo(profile, 'religions', 'create');
  const canUpdate = canDo(profile, 'religions', 'update');
  return (
    <section className="page" aria-labelledby="religions-heading">
      <div className="section-head">
        <h2 id="religions-heading" className="page-heading">
          <Trans>Religions</Trans>
        </h2>
        {canCreate && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Trans>New religion</Trans>
          </button>
        ) : null}
      </div>
      {editing !== null ? <ReligionForm key={editing === 'new' ? 'new' : editing.id} religion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. This page needs a connection.`)} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t`Religions`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Code`}</th>
                  <th scope="col">{t`Name in English`}</th>
                  <th scope="col">{t`Name in Swahili`}</th>
                  {canUpdate ? <th scope="col">{t`Actions`}</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((religion) => (
                  <tr key={religion.id}>
                    <td>{religion.code}</td>
                    <td lang="en">{religion.nameEn}</td>
                    <td lang="sw">{religion.nameSw}</td>
                    {canUpdate ? (
                      <td>
                        <button type="button" className="btn btn-link btn-small" aria-label={t`Edit ${religion.nameEn}`} onClick={() => setEditing(religion)}>
                          <Trans>Edit</Trans>
                        </button>
                      </td>
                    ) : null}
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
