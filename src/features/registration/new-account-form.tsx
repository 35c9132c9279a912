import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PublicNewAccountInput } from '../../../domain/api/back-office-registration';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { showToast } from '../../lib/toast';
import { showServerErrors } from './server-errors';
import { accountNumberIssues, toAccountNumber, type AccountNumberValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(accountNumberIssues);

/** "Request new account": another account at the bank for this institution, approved by a bank officer. */
export function NewAccountRequestForm({ send }: { send: (input: PublicNewAccountInput) => Promise<SubmittedRequest> }) {
  const { t, i18n } = useLingui();
  const [sentId, setSentId] = useState<number | null>(null);
  const form = useForm<AccountNumberValues>({ resolver, defaultValues: { accountNumber: '' } });
  const { errors, isSubmitting } = form.formState;
  const label = i18n._(fieldLabels.accountNumber);
  const submit = form.handleSubmit(async (values) => {
    try {
      const sent = await send(toAccountNumber(values));
      setSentId(sent.requestId);
      form.reset({ accountNumber: '' });
      showToast({ tone: 'success', message: t`Sent for approval` });
    } catch (error) {
      showServerErrors(form, error, ['accountNumber'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="new-account-title">
      <h2 id="new-account-title" className="card-title">
        <Trans>Request a new account</Trans>
      </h2>
      <p className="muted">
        <Trans>Enter an account already opened at the bank. It is looked up, then added once a bank officer approves.</Trans>
      </p>
      {sentId !== null ? (
        <p className="notice notice-success" role="status">
          {t`Sent for approval as request number ${sentId}.`}
        </p>
      ) : null}
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Field id="new-account-number" label={label} error={fieldErrorWords(errors.accountNumber, label)}>
        <input id="new-account-number" inputMode="numeric" autoComplete="off" aria-invalid={Boolean(errors.accountNumber)} {...form.register('accountNumber')} />
      </Field>
      <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
        <Trans>Send for approval</Trans>
      </BusyButton>
    </form>
  );
}
