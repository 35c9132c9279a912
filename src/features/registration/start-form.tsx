import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { useStartRegistration } from './api';
import { showServerErrors } from './server-errors';
import { startFormIssues, toStartInput, type StartFormValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(startFormIssues);

/**
 * The applicant's phone and email open a draft. One unfinished registration per phone and per
 * email: the server refuses a second (409) with words that say so.
 */
export function StartRegistrationForm() {
  const { t, i18n } = useLingui();
  const start = useStartRegistration();
  const form = useForm<StartFormValues>({
    resolver,
    defaultValues: { phoneCountry: COUNTRY_CODE, applicantPhone: '', applicantEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await start.mutateAsync(toStartInput(values));
    } catch (error) {
      showServerErrors(form, error, ['applicantPhone', 'applicantEmail'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="start-title">
      <h2 id="start-title" className="card-title">
        <Trans>Start a registration</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Register your church or mosque with the bank in five short steps. Everything is saved as you go; you can close this page and come back on this device
          to continue.
        </Trans>
      </p>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Field id="applicant-phone" label={i18n._(fieldLabels.applicantPhone)} error={fieldErrorWords(errors.applicantPhone, i18n._(fieldLabels.applicantPhone))}>
        <PhoneInput
          id="applicant-phone"
          country={form.watch('phoneCountry')}
          onCountryChange={(code) => form.setValue('phoneCountry', code)}
          pickerLoads="on-press"
          onFocus={preloadPhoneRules}
          aria-invalid={Boolean(errors.applicantPhone)}
          {...form.register('applicantPhone')}
        />
      </Field>
      <Field id="applicant-email" label={i18n._(fieldLabels.applicantEmail)} error={fieldErrorWords(errors.applicantEmail, i18n._(fieldLabels.applicantEmail))}>
        <input id="applicant-email" type="email" autoComplete="email" aria-invalid={Boolean(errors.applicantEmail)} {...form.register('applicantEmail')} />
      </Field>
      <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
        <Trans>Start registration</Trans>
      </BusyButton>
    </form>
  );
}
