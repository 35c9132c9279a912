import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { MemberDetail, MemberUpdate } from '../../../domain/api/members';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { memberKeys, updateMember } from './api';
import { BusyButton } from '../../components/ui/busy-button';

// Each language named in itself, as in the language switch.
const LANGUAGES = [
  { value: 'sw', nativeName: 'Kiswahili' },
  { value: 'en', nativeName: 'English' },
] as const;

type Editable = 'firstName' | 'lastName' | 'email' | 'city' | 'state' | 'addressOne' | 'postalCode';

/** Profile edit, online (the desk keeps its offline registration); the server checks every field again. */
export function MemberEditForm({ member, onDone }: { member: MemberDetail; onDone: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [values, setValues] = useState({
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email ?? '',
    gender: member.gender === 'male' ? 'male' : 'female',
    preferredLanguage: member.preferredLanguage,
    addressOne: member.addressOne ?? '',
    city: member.city ?? '',
    state: member.state ?? '',
    postalCode: member.postalCode ?? '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const labels: Record<Editable, string> = {
    firstName: t`First name`,
    lastName: t`Last name`,
    email: t`Email`,
    addressOne: t`Address`,
    city: t`City`,
    state: t`Region`,
    postalCode: t`Postal code`,
  };
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    const changes: MemberUpdate = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: orNull(values.email),
      gender: values.gender as 'male' | 'female',
      preferredLanguage: values.preferredLanguage,
      addressOne: orNull(values.addressOne),
      city: orNull(values.city),
      state: orNull(values.state),
      postalCode: orNull(values.postalCode),
    };
    try {
      const saved = await updateMember(member.id, changes);
      client.setQueryData(memberKeys.detail(member.id), saved);
      await client.invalidateQueries({ queryKey: [...memberKeys.all, 'list'] });
      showToast({ tone: 'success', message: t`Saved` });
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError && error.fields.length > 0 ? error.fields.map((field) => field.message).join(' ') : errorText(error, t`You are offline. Try again when the connection is back.`));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card form" aria-label={t`Edit profile`} onSubmit={(event) => void submit(event)}>
      {(Object.keys(labels) as Editable[]).map((key) => (
        <div className="field" key={key}>
          <label htmlFor={`member-${key}`}>{labels[key]}</label>
          <input id={`member-${key}`} value={values[key]} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
        </div>
      ))}
      <div className="field">
        <label htmlFor="member-gender-edit">
          <Trans>Gender</Trans>
        </label>
        <select id="member-gender-edit" value={values.gender} onChange={(event) => setValues({ ...values, gender: event.target.value })}>
          <option value="female">{t`Female`}</option>
          <option value="male">{t`Male`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="member-language-edit">
          <Trans>Preferred language</Trans>
        </label>
        <select id="member-language-edit" value={values.preferredLanguage} onChange={(event) => setValues({ ...values, preferredLanguage: event.target.value === 'en' ? 'en' : 'sw' })}>
          {LANGUAGES.map((language) => (
            <option key={language.value} value={language.value}>
              {language.nativeName}
            </option>
          ))}
        </select>
      </div>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={saving}>
          <Trans>Save</Trans>
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
