import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AmendmentInput } from '../../../domain/api/back-office-registration';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels, messages } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { showToast } from '../../lib/toast';
import { amendmentFormIssues, toAmendmentInput, type AmendmentFormValues } from './request-forms';
import { showServerErrors } from './server-errors';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(amendmentFormIssues);

/** "Change institution details": only the fields filled in are changed, after a bank officer approves. */
export function AmendmentRequestForm({ send }: { send: (changes: AmendmentInput) => Promise<SubmittedRequest> }) {
  const { t, i18n } = useLingui();
  const [sentId, setSentId] = useState<number | null>(null);
  const form = useForm<AmendmentFormValues>({
    // The wire schema decides (nothing changed, too long, bad phone): checked on the converted values.
    resolver,
    defaultValues: { title: '', region: '', district: '', street: '', changeUser: false, userName: '', phoneCountry: COUNTRY_CODE, userPhone: '', userEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const changeUser = form.watch('changeUser');
  const label = (key: keyof typeof fieldLabels) => i18n._(fieldLabels[key]);
  const submit = form.handleSubmit(async (values) => {
    try {
      const sent = await send(toAmendmentInput(values));
      setSentId(sent.requestId);
      form.reset();
      showToast({ tone: 'success', message: t`Sent for approval` });
    } catch (error) {
      showServerErrors(form, error, ['title', 'region', 'district', 'street'], t`You are offline. Connect to the internet and try again.`);
    }
  });
  const rootMessage = errors.root?.message === 'backoffice.nothingChanged' ? i18n._(messages.boNothingChanged) : errors.root?.message;
  const text = (key: 'title' | 'region' | 'district' | 'street') => (
    <Field id={`amend-${key}`} label={label(key)} error={fieldErrorWords(errors[key], label(key))}>
      <input id={`amend-${key}`} autoComplete="off" aria-invalid={Boolean(errors[key])} {...form.register(key)} />
    </Field>
  );
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="amend-title">
      <h2 id="amend-title" className="card-title">
        <Trans>Change institution details</Trans>
      </h2>
      <p className="muted">
        <Trans>Fill in only what changes. The bank approves the change before it takes effect.</Trans>
      </p>
      {sentId !== null ? (
        <p className="notice notice-success" role="status">
          {t`Sent for approval as request number ${sentId}.`}
        </p>
      ) : null}
      {rootMessage ? (
        <p className="notice notice-error" role="alert">
          {rootMessage}
        </p>
      ) : null}
      {text('title')}
      <div className="form-row">
        {text('region')}
        {text('district')}
      </div>
      {text('street')}
      <label className="checkbox">
        <input type="checkbox" {...form.register('changeUser')} />
        <span>
          <Trans>Change the default user</Trans>
        </span>
      </label>
      {changeUser ? (
        <div className="form-row">
          <Field id="amend-user-name" label={label('name')} error={fieldErrorWords(errors.userName, label('name'))}>
            <input id="amend-user-name" autoComplete="off" {...form.register('userName')} />
          </Field>
          <Field id="amend-user-phone" label={label('phone')} error={fieldErrorWords(errors.userPhone, label('phone'))}>
            <PhoneInput
              id="amend-user-phone"
              country={form.watch('phoneCountry')}
              onCountryChange={(code) => form.setValue('phoneCountry', code)}
              pickerLoads="on-press"
              onFocus={preloadPhoneRules}
              {...form.register('userPhone')}
            />
          </Field>
          <Field id="amend-user-email" label={label('email')} error={fieldErrorWords(errors.userEmail, label('email'))}>
            <input id="amend-user-email" type="email" autoComplete="off" {...form.register('userEmail')} />
          </Field>
        </div>
      ) : null}
      <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
        <Trans>Send for approval</Trans>
      </BusyButton>
    </form>
  );
}
