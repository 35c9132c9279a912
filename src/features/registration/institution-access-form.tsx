import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { InstitutionAccess } from '../../../domain/api/back-office-registration';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels } from '../../../domain/messages';
import { ACCESS_CODE_PATTERN } from '../../../domain/registration-rules';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { PhoneInput } from '../../components/ui/phone-input';
import { errorText } from '../../lib/error-message';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { useSendAccessCode, useVerifyAccessCode } from './institution-access-api';
import { accessFormIssues, toAccessIdentity, type AccessFormValues } from './request-forms';
import { BusyButton } from '../../components/ui/busy-button';

const resolver = issuesResolver(accessFormIssues);

/**
 * Proof of speaking for a registered institution without signing in: its code and a phone the
 * bank holds for it (default user or signatory) get a one-time code by SMS; the code opens access.
 */
export function InstitutionAccessForm({ onAccess }: { onAccess: (access: InstitutionAccess) => void }) {
  const { t, i18n } = useLingui();
  const sendCode = useSendAccessCode();
  const verify = useVerifyAccessCode();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AccessFormValues>({
    resolver,
    defaultValues: { institutionCode: '', phoneCountry: COUNTRY_CODE, phone: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const offline = t`You are offline. Connect to the internet and try again.`;
  const codeLabel = t`Institution code`;
  const phoneLabel = i18n._(fieldLabels.phone);
  const otpLabel = t`Code from the SMS`;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const identity = toAccessIdentity(values);
    const code = values.code.trim();
    try {
      if (sent === null) {
        setSent((await sendCode.mutateAsync(identity)).message);
        return;
      }
      if (!ACCESS_CODE_PATTERN.test(code)) {
        form.setError('code', { type: 'server', message: t`Enter the 6-digit code from the SMS` });
        return;
      }
      form.clearErrors('code');
      onAccess(await verify.mutateAsync({ ...identity, code }));
    } catch (error) {
      setFailure(errorText(error, offline));
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="access-title">
      <h2 id="access-title" className="card-title">
        <Trans>Confirm you speak for the church or mosque</Trans>
      </h2>
      <p className="muted">
        <Trans>Enter its code and a phone number the bank has for it (the default user's or a signatory's). We send a code to that phone.</Trans>
      </p>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-row">
        <Field id="access-institution" label={codeLabel} error={fieldErrorWords(errors.institutionCode, codeLabel)} hint={t`e.g. MWG`}>
          <input id="access-institution" autoComplete="off" readOnly={sent !== null} aria-invalid={Boolean(errors.institutionCode)} {...form.register('institutionCode')} />
        </Field>
        <Field id="access-phone" label={phoneLabel} error={fieldErrorWords(errors.phone, phoneLabel)}>
          <PhoneInput
            id="access-phone"
            readOnly={sent !== null}
            country={form.watch('phoneCountry')}
            onCountryChange={(code) => form.setValue('phoneCountry', code)}
            pickerLoads="on-press"
            onFocus={preloadPhoneRules}
            aria-invalid={Boolean(errors.phone)}
            {...form.register('phone')}
          />
        </Field>
      </div>
      {sent !== null ? (
        <>
          <p className="notice notice-success" role="status">
            {sent}
          </p>
          <Field id="access-code" label={otpLabel} error={fieldErrorWords(errors.code, otpLabel)}>
            <input id="access-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('code')} />
          </Field>
        </>
      ) : null}
      <div className="step-actions">
        {sent !== null ? (
          <button type="button" className="btn btn-link" onClick={() => setSent(null)}>
            <Trans>Change the details or send a new code</Trans>
          </button>
        ) : (
          <span />
        )}
        <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
          {sent === null ? <Trans>Send code</Trans> : <Trans>Continue</Trans>}
        </BusyButton>
      </div>
    </form>
  );
}
