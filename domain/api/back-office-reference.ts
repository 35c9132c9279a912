import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { ACTIONS, FEATURES, USER_TYPES } from '../permissions';
import { isE164 } from '../phone';
import { EMPLOYEE_NO_PATTERN, MAX_REFERRER_NAME, REFERRAL_CODE_PATTERN, REFERRER_KINDS } from '../referrer-rules';


/**
 * Bank back office, part 4: reference data. Mutations are direct for holders of the feature's
 * create/update grant (administrators in the demo) and every one is written to the activity log;
 * the four request types of back-office.ts are what goes through maker-checker
 * (docs/decisions/007-maker-checker.md says why).
 *
 * - `GET /branches` (any bank user) → BranchList; `POST /branches` BranchInput; `PATCH /branches/{id}` BranchPatch
 * - `GET /religions` (any bank user) → ReligionList; `POST /religions`; `PATCH /religions/{id}`
 * - `GET /settings/currencies` → CurrencyDetailsList; `POST /settings/currencies` CurrencyInput;
 *   `PATCH /settings/currencies/{id}` CurrencyPatch (a new value records who set it and when)
 * - `GET /bank-accounts?status&institutionId&search&limit&offset&cursor` → BankAccountList (scoped)
 * - `GET /role-groups` → RoleGroupList (features, actions, location level, maker-checker);
 *   `GET /features` → FeatureCatalogue; `POST /role-groups` RoleGroupInput; `PATCH /role-groups/{id}` RoleGroupPatch
 * - `GET /referrers?kind&search` → ReferrerList; `POST /referrers` ReferrerInput (bank admins)
 */
export const Branch = z.object({ id: z.number().int(), name: z.string(), shortCode: z.string(), region: z.string().nullable(), createdAt: z.string() });
export type Branch = z.infer<typeof Branch>;
export const BranchList = z.object({ data: z.array(Branch) });
export const BranchInput = z.object({
  name: z.string().trim().min(1).max(80),
  shortCode: z.string().trim().toUpperCase().regex(/^[A-Z]{2,6}$/),
  region: z.string().trim().max(80).nullable().default(null),
});
/** A PATCH must change something: `{}` is a localised 400, never an empty UPDATE (a 500 once). */
const changingSomething = <T extends z.ZodObject>(schema: T) =>
  schema.refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'validation.emptyPatch' });

export const BranchPatch = changingSomething(BranchInput.partial());

export const Religion = z.object({ id: z.number().int(), code: z.string(), nameEn: z.string(), nameSw: z.string() });
export const ReligionDetailsList = z.object({ data: z.array(Religion) });
export const ReligionInput = z.object({
  code: z.string().trim().toLowerCase().regex(/^[a-z][a-z0-9-]{1,30}$/),
  nameEn: z.string().trim().min(1).max(60),
  nameSw: z.string().trim().min(1).max(60),
});
export const ReligionPatch = changingSomething(ReligionInput.omit({ code: true }).partial());

/** Values against the base currency (TZS) keep exactly 4 decimals: sent and shown as strings, never floats. */
export const CurrencyValue = z.string().trim().regex(/^\d{1,14}(\.\d{1,4})?$/, { message: 'backoffice.currencyValue' }).refine((v) => Number(v) > 0, { message: 'backoffice.currencyValue' });
export const CurrencyDetails = z.object({
  id: z.number().int(),
  territory: z.string(),
  alphaCode: z.string(),
  numericCode: z.string(),
  value: z.string(),
  valueSetById: z.number().int().nullable(),
  valueSetBy: z.string().nullable(),
  valueSetAt: z.string(),
  active: z.boolean(),
});
export type CurrencyDetails = z.infer<typeof CurrencyDetails>;
export const CurrencyDetailsList = z.object({ data: z.array(CurrencyDetails) });
export const CurrencyInput = z.object({
  territory: z.string().trim().min(1).max(80),
  alphaCode: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
  numericCode: z.string().trim().regex(/^\d{3}$/),
  value: CurrencyValue,
});
export const CurrencyPatch = changingSomething(z.object({ territory: z.string().trim().min(1).max(80).optional(), value: CurrencyValue.optional(), active: z.boolean().optional() }));

export const BankAccountQuery = z.object({
  status: z.enum(['requested', 'activated', 'disabled', 'rejected']).optional(),
  institutionId: recordIdText.optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export type BankAccountQuery = z.output<typeof BankAccountQuery>;
export const BankAccountItem = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  institution: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  currency: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export const BankAccountList = z.object({
  data: z.array(BankAccountItem),
  count: z.number().int(),
  /** Pass it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});

export const FeatureGrant = z.object({ feature: z.enum(FEATURES), actions: z.array(z.enum(ACTIONS)) });
export const RoleGroupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  userType: z.enum(USER_TYPES),
  /** 'bank' (no branch), 'branch', or the institution level its users sit at ('union', 'church', …). */
  locationLevel: z.string(),
  makerChecker: z.boolean(),
  features: z.array(FeatureGrant),
  userCount: z.number().int(),
});
export type RoleGroupItem = z.infer<typeof RoleGroupItem>;
export const RoleGroupList = z.object({ data: z.array(RoleGroupItem) });
export const FeatureCatalogue = z.object({ features: z.array(z.enum(FEATURES)), actions: z.array(z.enum(ACTIONS)) });
export const RoleGroupInput = z.object({
  name: z.string().trim().min(1).max(80),
  userType: z.enum(USER_TYPES),
  locationLevel: z.string().trim().regex(/^[a-z][a-z0-9_-]{1,30}$/),
  makerChecker: z.boolean().default(true),
  features: z.array(FeatureGrant).max(FEATURES.length),
});
export const RoleGroupPatch = changingSomething(RoleGroupInput.omit({ userType: true }).partial());

export { REFERRER_KINDS } from '../referrer-rules';
export const Referrer = z.object({
  id: z.number().int(),
  kind: z.enum(REFERRER_KINDS),
  name: z.string(),
  employeeNo: z.string().nullable(),
  phone: z.string().nullable(),
  referralCode: z.string(),
  branchId: z.number().int().nullable(),
  createdAt: z.string(),
});
export const ReferrerList = z.object({ data: z.array(Referrer) });
export const ReferrerQuery = z.object({ kind: z.enum(REFERRER_KINDS).optional(), search: z.string().trim().max(100).optional() });
/** Staff are identified by employee number, freelancers by phone; the code is generated when omitted. */
export const ReferrerInput = z
  .object({
    kind: z.enum(REFERRER_KINDS),
    name: z.string().trim().min(1).max(MAX_REFERRER_NAME),
    employeeNo: z.string().trim().toUpperCase().regex(EMPLOYEE_NO_PATTERN).optional(),
    phone: z.string().trim().refine(isE164, { message: 'validation.invalidPhone' }).optional(),
    referralCode: z.string().trim().toUpperCase().regex(REFERRAL_CODE_PATTERN).optional(),
    branchId: recordId.nullable().default(null),
  })
  .refine((r) => (r.kind === 'staff' ? r.employeeNo !== undefined : r.phone !== undefined), { message: 'backoffice.referrerIdentity', path: ['kind'] });

