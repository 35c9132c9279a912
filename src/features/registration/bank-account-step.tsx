import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { fieldLabels } from '../../../domain/messages';
import { DetailsList } from '../../components/ui/details-list';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { useSaveBankAccount } from './api';
import { showServerErrors } from './server-errors';
import { accountNumberIssues, toAccountNumber, type AccountNumberValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(accountNumberIssues);

/**
 * Step 2: the account the offerings go to, looked up at the bank. An unknown number gets the
 * spec's own words: "Provided bank account is not found. Please check and try again".
 */
export function BankAccountStepForm({ view, onSaved, onBack }: { view: RegistrationView; onSaved: () => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveBankAccount();
  const found = view.data.bankAccount;
  const form = useForm<AccountNumberValues>({ resolver, defaultValues: { accountNumber: found?.accountNumber ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const label = i18n._(fieldLabels.accountNumber);
  // Continue only with the account the person has seen named, for the number now in the box.
  const confirmed = found !== undefined && form.watch('accountNumber').trim() === found.accountNumber;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toAccountNumber(values));
    } catch (error) {
      showServerErrors(form, error, ['accountNumber'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="step-title">
      <h2 id="step-title" className="card-title">
        <Trans>Bank account</Trans>
      </h2>
      <p className="muted">
        <Trans>Enter the account the offerings will be paid into. We look it up at the bank and show its name for you to check.</Trans>
      </p>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Field id="account-number" label={label} error={fieldErrorWords(errors.accountNumber, label)}>
        <input id="account-number" inputMode="numeric" autoComplete="off" aria-invalid={Boolean(errors.accountNumber)} {...form.register('accountNumber')} />
      </Field>
      {found && confirmed ? (
        <div className="card found-account" role="status">
          <h3 className="card-title">
            <Trans>Account found at the bank</Trans>
          </h3>
          <DetailsList
            items={[
              { label: t`Account number`, value: found.accountNumber },
              { label: t`Account name`, value: found.accountName },
              { label: t`Branch`, value: found.branchName },
              { label: t`Currency`, value: found.currency },
            ]}
          />
        </div>
      ) : null}
      <div className="step-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <span className="step-actions">
          <BusyButton type="submit" className={confirmed ? 'btn btn-secondary' : 'btn btn-primary'} busy={isSubmitting}>
            <Trans>Look up account</Trans>
          </BusyButton>
          {confirmed ? (
            <button type="button" className="btn btn-primary" onClick={onSaved}>
              <Trans>Continue</Trans>
            </button>
          ) : null}
        </span>
      </div>
    </form>
  );
}
