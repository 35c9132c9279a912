import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { GivingInstitution } from '../../domain/api/payments';
import { toE164 } from '../../domain/phone';
import { countryOptions } from '../components/ui/country-options';
import { PhoneInput } from '../components/ui/phone-input';
import { ChurchStep } from './church-step';
import { giveApi, type RegisteredMember } from './give-api';
import { giveErrorText } from './give-errors';
import type { Giver } from './give-flow';
import { registerProblems, type RegisterField, type RegisterProblem, type RegisterValues } from './register-form-model';
import { StepHeading } from './step-heading';
import { BusyButton } from '../components/ui/busy-button';

// Each language is named in itself, so people find theirs whatever is active.
const LANGUAGES = [
  { code: 'sw', nativeName: 'Kiswahili' },
  { code: 'en', nativeName: 'English' },
] as const;

type RegisterStepProps = {
  giver: Giver;
  onRegistered: (member: RegisteredMember, institution: GivingInstitution) => void;
  onGuest: () => void;
  onBack: () => void;
};

/**
 * "Register online" (loaded only when chosen): the church or mosque first, then the member form,
 * every field required, the phone with the searchable country picker (preferred countries first).
 */
export default function RegisterStep({ giver, onRegistered, onGuest, onBack }: RegisterStepProps) {
  const [institution, setInstitution] = useState<GivingInstitution | null>(null);
  if (!institution) return <ChurchStep onChoose={setInstitution} onBack={onBack} />;
  return <RegisterForm giver={giver} institution={institution} onRegistered={onRegistered} onGuest={onGuest} onBack={() => setInstitution(null)} />;
}

function RegisterForm({ giver, institution, onRegistered, onGuest, onBack }: RegisterStepProps & { institution: GivingInstitution }) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<RegisterValues>({
    firstName: '',
    lastName: '',
    phoneCountry: giver.country,
    phone: giver.national,
    email: '',
    gender: '',
    preferredLanguage: i18n.locale === 'en' ? 'en' : 'sw',
    country: '',
    addressOne: '',
    city: '',
    state: '',
    postalCode: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; unavailable: boolean } | null>(null);
  const countries = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  const problems = registerProblems(values, toE164);
  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));

  const labels: Record<RegisterField, string> = {
    firstName: t`First name`,
    lastName: t`Last name`,
    phone: t`Phone number`,
    email: t`Email`,
    gender: t`Gender`,
    preferredLanguage: t`Preferred language`,
    country: t`Country`,
    addressOne: t`Address`,
    city: t`City`,
    state: t`Region`,
    postalCode: t`Postal code`,
  };
  const problemText = (field: RegisterField, problem: RegisterProblem): string => {
    const label = labels[field];
    switch (problem) {
      case 'required':
        return t`${label} can not be empty`;
      case 'invalidEmail':
        return t`Enter a valid email address`;
      case 'invalidPhone':
        return t`Enter a valid phone number`;
      case 'selectCountry':
        return t`Please select country`;
      case 'digits':
        return t`${label} needs to be digits`;
      case 'tooLong':
        return t`${label} is too long`;
    }
  };
  const errorOf = (field: RegisterField) => {
    const problem = problems[field];
    return submitted && problem ? problemText(field, problem) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const member = await giveApi.registerMember({
        institutionId: institution.id,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: toE164(values.phone, values.phoneCountry) ?? values.phone,
        email: values.email.trim(),
        gender: values.gender as 'male' | 'female',
        preferredLanguage: values.preferredLanguage as 'sw' | 'en',
        country: values.country,
        addressOne: values.addressOne.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        postalCode: values.postalCode.trim(),
      });
      onRegistered(member, institution);
    } catch (error) {
      // 404/405: this server has no online registration; the giver can still give as a guest.
      const unavailable = typeof error === 'object' && error !== null && 'status' in error && (error.status === 404 || error.status === 405);
      setFailure({ text: unavailable ? t`Online registration is not available at the moment.` : giveErrorText(error, i18n), unavailable });
    } finally {
      setSending(false);
    }
  };

  const text = (field: Exclude<RegisterField, 'phone' | 'gender' | 'preferredLanguage' | 'country'>, autoComplete: string, extra: { inputMode?: 'email' | 'numeric' } = {}) => (
    <Row id={`reg-${field}`} label={labels[field]} error={errorOf(field)}>
      <input
        id={`reg-${field}`}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={errorOf(field) ? `reg-${field}-error` : undefined}
        aria-required="true"
        {...extra}
      />
    </Row>
  );
  const title = institution.title;

  return (
    <form className="give-card" aria-labelledby="give-register-title" onSubmit={(event) => void submit(event)} noValidate>
      <StepHeading>
        <span id="give-register-title">
          <Trans>Register as a member of {title}</Trans>
        </span>
      </StepHeading>
      <p className="muted">
        <Trans>All fields are required.</Trans>
      </p>
      {text('firstName', 'given-name')}
      {text('lastName', 'family-name')}
      <Row id="reg-phone" label={labels.phone} error={errorOf('phone')}>
        <PhoneInput
          id="reg-phone"
          country={values.phoneCountry}
          onCountryChange={(code) => set('phoneCountry', code)}
          value={values.phone}
          onChange={(event) => set('phone', event.target.value)}
          aria-invalid={errorOf('phone') ? true : undefined}
          aria-describedby={errorOf('phone') ? 'reg-phone-error' : undefined}
          aria-required="true"
        />
      </Row>
      {text('email', 'email', { inputMode: 'email' })}
      <Row id="reg-gender" label={labels.gender} error={errorOf('gender')}>
        <select id="reg-gender" value={values.gender} onChange={(event) => set('gender', event.target.value as RegisterValues['gender'])} aria-required="true">
          <option value="">{t`Choose…`}</option>
          <option value="female">{t`Female`}</option>
          <option value="male">{t`Male`}</option>
        </select>
      </Row>
      <Row id="reg-preferredLanguage" label={labels.preferredLanguage} error={errorOf('preferredLanguage')}>
        <select
          id="reg-preferredLanguage"
          value={values.preferredLanguage}
          onChange={(event) => set('preferredLanguage', event.target.value as RegisterValues['preferredLanguage'])}
          aria-required="true"
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.nativeName}
            </option>
          ))}
        </select>
      </Row>
      <Row id="reg-country" label={labels.country} error={errorOf('country')}>
        <select id="reg-country" value={values.country} onChange={(event) => set('country', event.target.value)} aria-required="true">
          <option value="">{t`Choose a country…`}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </Row>
      {text('addressOne', 'address-line1')}
      {text('city', 'address-level2')}
      {text('state', 'address-level1')}
      {text('postalCode', 'postal-code', { inputMode: 'numeric' })}
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure.text}
        </p>
      ) : null}
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={sending} aria-busy={sending}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Register</Trans>}
      </BusyButton>
      <div className="give-links">
        {failure?.unavailable ? (
          <button type="button" className="btn-link" onClick={onGuest}>
            <Trans>Continue as guest</Trans>
          </button>
        ) : null}
        <button type="button" className="btn-link" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
      </div>
    </form>
  );
}

function Row({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
