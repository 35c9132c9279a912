import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { useSaveExtras } from './api';
import { showServerErrors } from './server-errors';
import { extrasFormIssues, toExtrasStep, type ExtrasFormValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(extrasFormIssues);

/** Step 5: who referred the institution (a staff or freelancer's code) and how it registered. */
export function ExtrasStepForm({ view, onSaved, onBack }: { view: RegistrationView; onSaved: () => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveExtras();
  const saved = view.data.extras;
  const form = useForm<ExtrasFormValues>({
    resolver,
    defaultValues: { referralCode: saved?.referralCode ?? '', registrationChannel: saved?.registrationChannel ?? 'online' },
  });
  const { errors, isSubmitting } = form.formState;
  const codeLabel = i18n._(fieldLabels.referralCode);
  const channel = form.watch('registrationChannel');

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toExtrasStep(values));
      onSaved();
    } catch (error) {
      showServerErrors(form, error, ['referralCode', 'registrationChannel'], t`You are offline. Connect to the internet and try again.`);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="step-title">
      <h2 id="step-title" className="card-title">
        <Trans>Referral and channel</Trans>
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Field id="referral-code" label={t`Referral code (optional)`} error={fieldErrorWords(errors.referralCode, codeLabel)} hint={t`The code of the bank staff member or agent who told you about Sadaka.`}>
        <input id="referral-code" autoComplete="off" aria-invalid={Boolean(errors.referralCode)} {...form.register('referralCode')} />
      </Field>
      <div className="field">
        <strong id="channel-label">{t`Registration channel`}</strong>
        <div className="segmented" role="radiogroup" aria-labelledby="channel-label">
        <label className={channel === 'online' ? 'segment active' : 'segment'}>
          <input type="radio" value="online" {...form.register('registrationChannel')} />
          <Trans>Online</Trans>
        </label>
        <label className={channel === 'branch' ? 'segment active' : 'segment'}>
          <input type="radio" value="branch" {...form.register('registrationChannel')} />
          <Trans>At a bank branch</Trans>
        </label>
        </div>
      </div>
      <div className="step-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
          <Trans>Save and preview</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
