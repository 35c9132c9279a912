import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BranchInput, type Branch } from '../../../domain/api/back-office-reference';
import { fieldLabels } from '../../../domain/messages';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { referenceQueries, useSaveBranch } from './api';
import { showServerErrors } from './form-errors';

function BranchForm({ branch, onDone }: { branch: Branch | null; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveBranch();
  const form = useForm<z.input<typeof BranchInput>, unknown, z.output<typeof BranchInput>>({
    resolver: zodResolver(BranchInput),
    defaultValues: { name: branch?.name ?? '', shortCode: branch?.shortCode ?? '', region: branch?.region ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: branch?.id ?? null, input: { ...values, region: values.region?.trim() ? values.region : null } });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      showServerErrors(form, error, ['name', 'shortCode', 'region'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  const nameLabel = i18n._(fieldLabels.name);
  const codeLabel = i18n._(fieldLabels.shortCode);
  const regionLabel = i18n._(fieldLabels.region);
  return (
    <form className="form card" noValidate onSubmit={submit} aria-labelledby="branch-form-title">
      <h2 id="branch-form-title" className="card-title">
        {branch ? t`Edit branch ${branch.name}` : t`New branch`}
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
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

/** /branches: the bank's branches by name and short code. */
export function BranchesPage() {
  const { t } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const list = useQuery(referenceQueries.branches());
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const canCreate = canDo(profile, 'branches', 'create');
  const canUpdate = canDo(profile, 'branches', 'update');
  return (
    <section className="page" aria-labelledby="branches-heading">
      <div className="section-head">
        <h2 id="branches-heading" className="page-heading">
          <Trans>Branches</Trans>
        </h2>
        {canCreate && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Trans>New branch</Trans>
          </button>
        ) : null}
      </div>
      {editing !== null ? <BranchForm key={editing === 'new' ? 'new' : editing.id} branch={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. This page needs a connection.`)} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t`No branch yet`} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t`Branches`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Name`}</th>
                  <th scope="col">{t`Short code`}</th>
                  <th scope="col">{t`Region`}</th>
                  <th scope="col">{t`Created`}</th>
                  {canUpdate ? <th scope="col">{t`Actions`}</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((branch) => (
                  <tr key={branch.id}>
                    <td>{branch.name}</td>
                    <td>{branch.shortCode}</td>
                    <td>{branch.region ?? '—'}</td>
                    <td>
                      <DateTime value={branch.createdAt} dateOnly />
                    </td>
                    {canUpdate ? (
                      <td>
                        <button type="button" className="btn btn-link btn-small" aria-label={t`Edit ${branch.name}`} onClick={() => setEditing(branch)}>
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
