import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldLabels } from '../../../domain/messages';
import { useCountryOptions } from '../../components/ui/country-names';
import { Field } from '../../components/ui/field';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { PhoneInput } from '../../components/ui/phone-input';
import { validationText } from '../../components/ui/validation-text';
import type { LocalMember } from '../../lib/offline/types';
import { loadPhoneRules, offlineErrorMessage, registerMemberOffline, useZones } from './desk-data';
import { emptyMember, memberFormIssues, toMemberDraft, type MemberFormValues } from './member-form-schema';
import { BusyButton } from '../../components/ui/busy-button';

// Each language named in itself, as in the language switch.
const LANGUAGES = [
  { value: 'sw', nativeName: 'Kiswahili' },
  { value: 'en', nativeName: 'English' },
] as const;

type MemberFormProps = { institutionId: number; onSaved: (member: LocalMember) => void; onCancel: () => void };
const resolver = issuesResolver(memberFormIssues);

type LabelKey = 'firstName' | 'lastName' | 'phone' | 'email' | 'gender' | 'preferredLanguage' | 'country' | 'addressOne' | 'city' | 'state' | 'postalCode';

/**
 * Registers a member on this device; the outbox sends it when there is a network. The zone is
 * chosen from the zones cached with the members (offline too).
 */
export function MemberRegistrationForm({ institutionId, onSaved, onCancel }: MemberFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm<MemberFormValues>({ resolver, defaultValues: emptyMember });
  const [failed, setFailed] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement | null>(null);
  const countries = useCountryOptions(i18n.locale);
  const zones = useZones(institutionId) ?? [];
  const errors = form.formState.errors;
  const label = (key: LabelKey) => i18n._(fieldLabels[key]);
  const error = (key: LabelKey) => validationText(errors[key], label(key));

  useEffect(() => firstField.current?.focus(), []);
  // A member always has a phone: fetch its rules (libphonenumber) while the names are being typed.
  useEffect(() => void loadPhoneRules().catch(() => undefined), []);

  const submit = form.handleSubmit(async (values) => {
    setFailed(null);
    try {
      onSaved(await registerMemberOffline(toMemberDraft(values, institutionId, await loadPhoneRules())));
    } catch (caught) {
      const known = offlineErrorMessage(caught);
      setFailed(known ? i18n._(known) : t`The member could not be saved on this device. Try again.`);
    }
  });

  const firstName = form.register('firstName');
  const text = (key: Exclude<LabelKey, 'phone' | 'gender' | 'preferredLanguage' | 'country'>, autoComplete: string, inputMode?: 'numeric' | 'email') => (
    <Field id={`member-${key}`} label={label(key)} error={error(key)}>
      <input id={`member-${key}`} autoComplete={autoComplete} inputMode={inputMode} aria-invalid={Boolean(errors[key])} {...form.register(key)} />
    </Field>
  );

  return (
    <form className="form card member-form" noValidate onSubmit={submit} aria-label={t`Register member`}>
      <h2 className="card-title">
        <Trans>Register member</Trans>
      </h2>
      <div className="form-row">
        <Field id="member-firstName" label={label('firstName')} error={error('firstName')}>
          <input
            id="member-firstName"
            autoComplete="given-name"
            aria-invalid={Boolean(errors.firstName)}
            {...firstName}
            ref={(element) => {
              firstName.ref(element);
              firstField.current = element;
            }}
          />
        </Field>
        {text('lastName', 'family-name')}
      </div>
      <div className="form-row">
        <Field id="member-phone" label={label('phone')} error={error('phone')}>
          <PhoneInput
            id="member-phone"
            country={form.watch('phoneCountry')}
            onCountryChange={(code) => form.setValue('phoneCountry', code)}
            aria-invalid={Boolean(errors.phone)}
            {...form.register('phone')}
          />
        </Field>
        {text('email', 'email', 'email')}
      </div>
      <div className="form-row">
        <Field id="member-gender" label={label('gender')} error={error('gender')}>
          <select id="member-gender" aria-invalid={Boolean(errors.gender)} {...form.register('gender')}>
            <option value="">{t`Choose…`}</option>
            <option value="female">{t`Female`}</option>
            <option value="male">{t`Male`}</option>
          </select>
        </Field>
        <Field id="member-language" label={label('preferredLanguage')} error={error('preferredLanguage')}>
          <select id="member-language" {...form.register('preferredLanguage')}>
            {LANGUAGES.map((language) => (
              <option key={language.value} value={language.value} lang={language.value}>
                {language.nativeName}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id="member-zone" label={i18n._(fieldLabels.zoneId)} hint={zones.length === 0 ? <Trans>No zone yet: zones are made on the Groups page.</Trans> : undefined}>
        <select id="member-zone" {...form.register('zoneId')}>
          <option value="">{t`No zone`}</option>
          {zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="member-country" label={label('country')} error={error('country')}>
        <select id="member-country" aria-invalid={Boolean(errors.country)} {...form.register('country')}>
          <option value="">{t`Select country`}</option>
          <optgroup label={t`East Africa`}>
            {countries
              .filter((country) => country.preferred)
              .map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
          </optgroup>
          <optgroup label={t`All countries`}>
            {countries
              .filter((country) => !country.preferred)
              .map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
          </optgroup>
        </select>
      </Field>
      {text('addressOne', 'address-line1')}
      <div className="form-row">
        {text('city', 'address-level2')}
        {text('state', 'address-level1')}
        {text('postalCode', 'postal-code', 'numeric')}
      </div>
      {failed ? (
        <p className="notice notice-error" role="alert">
          {failed}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={form.formState.isSubmitting}>
          <Trans>Save</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
