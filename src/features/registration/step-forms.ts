import { z } from 'zod';
import {
  DefaultUserStep,
  InstitutionStep,
  MAX_SIGNATORIES,
  REGISTRATION_CHANNELS,
  Signatory,
  type DefaultUserStep as DefaultUserWire,
  type ExtrasStep,
  type SignatoriesStep,
  type StartRegistrationInput,
} from '../../../domain/api/back-office-registration';
import { toE164 } from '../../../domain/phone';

/**
 * The steps' forms as typed, built on the wire schemas of domain/api/back-office-registration.ts.
 * What differs is only what a person types that the wire does not carry: a phone as "country +
 * local number", selects that hold strings, an optional field left blank. Messages are domain ids
 * (or zod codes) that fieldErrorWords turns into "<field> can not be empty" and friends.
 */
const REQUIRED = 'validation.required';
const INVALID_PHONE = 'validation.invalidPhone';

// A select holds "" until something is chosen: coerced to 0, which fails positive() as "too small" = empty.
const chosenId = z.coerce.number<string | number>().int().positive();
const optionalId = z.preprocess((value) => (value === '' || value === null || value === undefined ? null : Number(value)), z.number().int().positive().nullable());
const email = z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'validation.invalidEmail' }));
const optionalEmail = z.union([z.literal(''), email]);

/** Phone fields are validated as the pair the PhoneInput gives. */
function phoneMustParse(countryKey: string, phoneKey: string) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const phone = String(values[phoneKey] ?? '').trim();
    if (phone === '') ctx.addIssue({ code: 'custom', path: [phoneKey], message: REQUIRED });
    else if (!toE164(phone, String(values[countryKey] ?? ''))) ctx.addIssue({ code: 'custom', path: [phoneKey], message: INVALID_PHONE });
  };
}

export const StartForm = z
  .object({ phoneCountry: z.string(), applicantPhone: z.string(), applicantEmail: email })
  .superRefine(phoneMustParse('phoneCountry', 'applicantPhone'));
export type StartFormValues = z.input<typeof StartForm>;
export function toStartInput(values: z.output<typeof StartForm>): StartRegistrationInput {
  return { applicantPhone: toE164(values.applicantPhone, values.phoneCountry) ?? values.applicantPhone, applicantEmail: values.applicantEmail };
}

export const InstitutionForm = InstitutionStep.extend({
  abbreviation: z.string().trim().min(1).pipe(InstitutionStep.shape.abbreviation),
  religionId: chosenId,
  levelId: chosenId,
  parentId: optionalId,
  logoUploadId: z.number().int().positive().nullable(),
});
export type InstitutionFormValues = z.input<typeof InstitutionForm>;

const SignatoryForm = z
  .object({
    name: Signatory.shape.name,
    phoneCountry: z.string(),
    phone: z.string(),
    email: optionalEmail,
    documentUploadId: z.number().int().positive().nullable(),
    /** Only to show which file is attached; never sent. */
    documentName: z.string(),
  })
  .superRefine(phoneMustParse('phoneCountry', 'phone'))
  .superRefine((values, ctx) => {
    if (values.documentUploadId === null) ctx.addIssue({ code: 'custom', path: ['documentUploadId'], message: REQUIRED });
  });
export const SignatoriesForm = z.object({ signatories: z.array(SignatoryForm).min(1).max(MAX_SIGNATORIES) });
export type SignatoriesFormValues = z.input<typeof SignatoriesForm>;
export type SignatoryFormValues = SignatoriesFormValues['signatories'][number];

export function toSignatoriesStep(values: z.output<typeof SignatoriesForm>): SignatoriesStep {
  return {
    signatories: values.signatories.map((row) => ({
      name: row.name,
      phone: toE164(row.phone, row.phoneCountry) ?? row.phone,
      email: row.email === '' ? null : row.email,
      documentUploadId: row.documentUploadId ?? 0,
    })),
  };
}

export const DefaultUserForm = z
  .object({ name: DefaultUserStep.shape.name, phoneCountry: z.string(), phone: z.string(), email: DefaultUserStep.shape.email })
  .superRefine(phoneMustParse('phoneCountry', 'phone'));
export type DefaultUserFormValues = z.input<typeof DefaultUserForm>;
export function toDefaultUserStep(values: z.output<typeof DefaultUserForm>): DefaultUserWire {
  return { name: values.name, phone: toE164(values.phone, values.phoneCountry) ?? values.phone, email: values.email };
}

export const ExtrasForm = z.object({
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,20}$/),
  registrationChannel: z.enum(REGISTRATION_CHANNELS),
});
export type ExtrasFormValues = z.input<typeof ExtrasForm>;
export function toExtrasStep(values: z.output<typeof ExtrasForm>): ExtrasStep {
  return { referralCode: values.referralCode === '' ? null : values.referralCode, registrationChannel: values.registrationChannel };
}

export type StartFormOutput = z.output<typeof StartForm>;
export type InstitutionFormOutput = z.output<typeof InstitutionForm>;
export type SignatoriesFormOutput = z.output<typeof SignatoriesForm>;
export type DefaultUserFormOutput = z.output<typeof DefaultUserForm>;
export type ExtrasFormOutput = z.output<typeof ExtrasForm>;
