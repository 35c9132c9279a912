import { isE164 } from '../../domain/phone';

/** The online member registration form as typed; every field is required (spec). */
export type RegisterValues = {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phone: string;
  email: string;
  gender: '' | 'male' | 'female';
  preferredLanguage: '' | 'sw' | 'en';
  country: string;
  addressOne: string;
  city: string;
  state: string;
  postalCode: string;
};

export type RegisterField = Exclude<keyof RegisterValues, 'phoneCountry'>;
export type RegisterProblem = 'required' | 'invalidEmail' | 'invalidPhone' | 'selectCountry' | 'digits' | 'tooLong';

const LIMITS: Partial<Record<RegisterField, number>> = { firstName: 80, lastName: 80, email: 200, addressOne: 200, city: 100, state: 100 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What is wrong with the form, field by field (empty when it may be sent). `toE164` comes from the
 * phone chunk (libphonenumber), passed in so this stays a plain function.
 */
export function registerProblems(values: RegisterValues, toE164: (input: string, country: string) => string | null): Partial<Record<RegisterField, RegisterProblem>> {
  const problems: Partial<Record<RegisterField, RegisterProblem>> = {};
  const text: RegisterField[] = ['firstName', 'lastName', 'email', 'addressOne', 'city', 'state', 'postalCode'];
  for (const field of text) {
    const value = values[field].trim();
    if (value === '') problems[field] = 'required';
    else if ((LIMITS[field] ?? Infinity) < value.length) problems[field] = 'tooLong';
  }
  if (!problems.email && !EMAIL.test(values.email.trim())) problems.email = 'invalidEmail';
  if (!problems.postalCode && !/^\d{1,10}$/.test(values.postalCode.trim())) problems.postalCode = 'digits';
  if (values.phone.trim() === '') problems.phone = 'required';
  else {
    const phone = toE164(values.phone, values.phoneCountry);
    if (!phone || !isE164(phone)) problems.phone = 'invalidPhone';
  }
  if (values.gender === '') problems.gender = 'required';
  if (values.preferredLanguage === '') problems.preferredLanguage = 'required';
  if (!/^[A-Z]{2}$/.test(values.country)) problems.country = 'selectCountry';
  return problems;
}
