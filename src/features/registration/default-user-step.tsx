import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { RegistrationView } from '../../../domain/api/back-office-registration';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { useSaveDefaultUser } from './api';
import { showServerErrors } from './server-errors';
import { defaultUserFormIssues, toDefaultUserStep, type DefaultUserFormValues } from './step-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(defaultUserFormIssues);

/**
 * Step 4: the person who will sign in for the institution once it is approved. Their username
 * and a temporary password go to this phone and email; they must change the password at first sign-in.
 */
export function DefaultUserStepForm({ view, onSaved, onBack }: { view: RegistrationView; onSaved: () => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveDefaultUser();
  const saved = view.data.defaultUser;
  const form = useForm<DefaultUserFormValues>({
    resolver,
    defaultValues: { name: saved?.name ?? '', phoneCountry: COUNTRY_CODE, phone: saved?.phone ?? '', email: saved?.email ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const label = (key: 'name' | 'phone' | 'email') => i18n._(fieldLabels[key]);
  const first = view.data.signatories?.[0];

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toDefaultUserStep(values));
      onSaved();
    } catch (error) {
      showServerErrors(form, error, ['name', 'phone', 'email'], t`You are offline. Connect to the internet and try again.`);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="step-title">
      <h2 id="step-title" className="card-title">
        <Trans>Default user</Trans>
      </h2>
      <p className="muted">
        <Trans>This person signs in for the church or mosque. After approval they receive a username and a temporary password by SMS and email.</Trans>
      </p>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      {first ? (
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            form.setValue('name', first.name);
            form.setValue('phone', first.phone);
            form.setValue('email', first.email ?? '');
          }}
        >
          <Trans>Use the first signatory's details</Trans>
        </button>
      ) : null}
      <Field id="user-name" label={label('name')} error={fieldErrorWords(errors.name, label('name'))}>
        <input id="user-name" autoComplete="name" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
      </Field>
      <div className="form-row">
        <Field id="user-phone" label={label('phone')} error={fieldErrorWords(errors.phone, label('phone'))}>
          <PhoneInput
            id="user-phone"
            country={form.watch('phoneCountry')}
            onCountryChange={(code) => form.setValue('phoneCountry', code)}
            pickerLoads="on-press"
            onFocus={preloadPhoneRules}
            aria-invalid={Boolean(errors.phone)}
            {...form.register('phone')}
          />
        </Field>
        <Field id="user-email" label={label('email')} error={fieldErrorWords(errors.email, label('email'))}>
          <input id="user-email" type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} {...form.register('email')} />
        </Field>
      </div>
      <div className="step-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
          <Trans>Save and continue</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
