import type { MemberInput } from '../../../domain/api/receipts';
import { COUNTRY_PATTERN, EMAIL_PATTERN, MAX_ADDRESS, MAX_EMAIL, MAX_MEMBER_NAME, MAX_PLACE, type GENDERS } from '../../../domain/receipt-rules';
import type { FormIssue } from '../../components/ui/issues-resolver';
import { loadPhoneRules, type PhoneRules } from './desk-data';

export type MemberFormValues = {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phone: string;
  email: string;
  gender: '' | (typeof GENDERS)[number];
  preferredLanguage: 'sw' | 'en';
  country: string;
  addressOne: string;
  city: string;
  state: string;
  postalCode: string;
  /** A cached zone's id, or '' for none (zones are cached with the members, issue 12). */
  zoneId: string;
};

// Domain message ids; validationText() names the field in the active language.
const REQUIRED = 'validation.required';
const INVALID = 'validation.invalid';

type TextKey = 'firstName' | 'lastName' | 'addressOne' | 'city' | 'state';

/**
 * The member form as typed. Required and optional follow the wire contract (MemberInput): names,
 * phone, gender, language and country must be there; the address may wait until the member
 * brings it (docs/decisions/011-offline-desk-pages.md). The phone is checked against its country
 * with the phone rules, which load when the form opens (a member always has a phone).
 */
export async function memberFormIssues(values: MemberFormValues): Promise<FormIssue[]> {
  const issues: FormIssue[] = [];
  const text = (key: TextKey, max: number, required: boolean) => {
    const value = values[key].trim();
    if (required && value === '') issues.push({ path: key, message: REQUIRED });
    else if (value.length > max) issues.push({ path: key, message: INVALID });
  };
  text('firstName', MAX_MEMBER_NAME, true);
  text('lastName', MAX_MEMBER_NAME, true);
  const phone = values.phone.trim();
  if (phone === '') issues.push({ path: 'phone', message: REQUIRED });
  if (values.email !== '') {
    if (!EMAIL_PATTERN.test(values.email)) issues.push({ path: 'email', message: 'validation.invalidEmail' });
    else if (values.email.length > MAX_EMAIL) issues.push({ path: 'email', message: INVALID });
  }
  if (values.gender === '') issues.push({ path: 'gender', message: REQUIRED });
  if (values.preferredLanguage !== 'sw' && values.preferredLanguage !== 'en') issues.push({ path: 'preferredLanguage', message: REQUIRED });
  if (!COUNTRY_PATTERN.test(values.country)) issues.push({ path: 'country', message: 'validation.selectCountry' });
  text('addressOne', MAX_ADDRESS, false);
  text('city', MAX_PLACE, false);
  text('state', MAX_PLACE, false);
  if (!/^\d{0,10}$/.test(values.postalCode.trim())) issues.push({ path: 'postalCode', message: 'validation.digits' });
  if (phone !== '' && !(await loadPhoneRules()).toE164(values.phone, values.phoneCountry)) {
    issues.push({ path: 'phone', message: 'validation.invalidPhone' });
  }
  return issues;
}

export const emptyMember: MemberFormValues = {
  firstName: '',
  lastName: '',
  phoneCountry: 'TZ',
  phone: '',
  email: '',
  gender: '',
  preferredLanguage: 'sw',
  country: '',
  addressOne: '',
  city: '',
  state: '',
  postalCode: '',
  zoneId: '',
};

export type MemberDraft = Omit<MemberInput, 'id'>;

/** What registerMemberOffline() takes: empty optional fields are left out, the phone in E.164. */
export function toMemberDraft(values: MemberFormValues, institutionId: number, phoneRules: PhoneRules): MemberDraft {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const draft: MemberDraft = {
    institutionId,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: phoneRules.toE164(values.phone, values.phoneCountry) ?? values.phone.trim(),
    // The check has refused an empty gender before this runs.
    gender: values.gender as Exclude<MemberFormValues['gender'], ''>,
    preferredLanguage: values.preferredLanguage,
    country: values.country,
    email: optional(values.email),
    addressOne: optional(values.addressOne),
    city: optional(values.city),
    state: optional(values.state),
    postalCode: optional(values.postalCode),
    zoneId: values.zoneId ? Number(values.zoneId) : undefined,
  };
  // Undefined keys would still be "present" to some serialisers; drop them.
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) as MemberDraft;
}
