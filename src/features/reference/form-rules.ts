import type { FieldValues, Resolver } from 'react-hook-form';
import type { UserType } from '../../../domain/permissions';
import { issuesResolver, type FormIssue } from '../../components/ui/issues-resolver';
import { INVALID, REQUIRED } from '../../lib/form-message-ids';

/**
 * The reference forms' checks without zod (docs/decisions/013-desk-bundle.md: zod is what made the
 * desk's pages heavy). Each reads its fields as the contract's input schema in
 * domain/api/back-office-reference.ts does — trimmed and cased first, then length, then pattern —
 * and gives the cleaned values with what it refused; test/client/reference-form-rules.test.ts holds
 * them to those schemas. The server checks everything again with the schemas themselves.
 */

// A domain message id (domain/messages-back-office.ts), as REQUIRED and INVALID of lib/form-message-ids.ts.
const CURRENCY_VALUE = 'backoffice.currencyValue';

/** The cleaned values a form sends, and the fields it refused (none when it may be sent). */
export type Checked<T> = { value: T; issues: FormIssue[] };

type TextRule = { min?: number; max?: number; pattern?: RegExp; casing?: 'upper' | 'lower'; refine?: (value: string) => boolean; message?: string };
/** Reads one text field: its cleaned value; a refusal is noted under its path. */
type TextReader = (path: string, raw: string, rule: TextRule) => string;

/** Runs a form's reads and collects what they refused. */
function checked<T>(read: (text: TextReader) => T): Checked<T> {
  const issues: FormIssue[] = [];
  const text: TextReader = (path, raw, rule) => {
    let value = raw.trim();
    if (rule.casing === 'upper') value = value.toUpperCase();
    if (rule.casing === 'lower') value = value.toLowerCase();
    // zod's own "too small" reads "… can not be empty"; its other refusals "… is not valid".
    if (rule.min !== undefined && value.length < rule.min) issues.push({ path, message: REQUIRED });
    else if (rule.max !== undefined && value.length > rule.max) issues.push({ path, message: INVALID });
    else if ((rule.pattern && !rule.pattern.test(value)) || (rule.refine && !rule.refine(value))) issues.push({ path, message: rule.message ?? INVALID });
    return value;
  };
  return { value: read(text), issues };
}

/** A resolver that hands the cleaned values to the submit handler, as zodResolver hands zod's output. */
export function checkedResolver<T extends FieldValues>(check: (values: T) => Checked<T>): Resolver<T> {
  const refuse = issuesResolver<T>((values) => check(values).issues);
  return (values, context, options) => {
    const result = check(values);
    return result.issues.length > 0 ? refuse(values, context, options) : { values: result.value, errors: {} };
  };
}

export type BranchValues = { name: string; shortCode: string; region: string };

/** BranchInput. */
export const checkBranch = (values: BranchValues): Checked<BranchValues> =>
  checked((text) => ({
    name: text('name', values.name, { min: 1, max: 80 }),
    shortCode: text('shortCode', values.shortCode, { casing: 'upper', pattern: /^[A-Z]{2,6}$/ }),
    region: text('region', values.region, { max: 80 }),
  }));

export type ReligionValues = { code: string; nameEn: string; nameSw: string };

/** ReligionInput. */
export const checkReligion = (values: ReligionValues): Checked<ReligionValues> =>
  checked((text) => ({
    code: text('code', values.code, { casing: 'lower', pattern: /^[a-z][a-z0-9-]{1,30}$/ }),
    nameEn: text('nameEn', values.nameEn, { min: 1, max: 60 }),
    nameSw: text('nameSw', values.nameSw, { min: 1, max: 60 }),
  }));

export type CurrencyValues = { territory: string; alphaCode: string; numericCode: string; value: string; active: boolean };

const territory: TextRule = { min: 1, max: 80 };
/** CurrencyValue: up to 14 digits and 4 decimals, above zero. */
const currencyValue: TextRule = { pattern: /^\d{1,14}(\.\d{1,4})?$/, refine: (value) => Number(value) > 0, message: CURRENCY_VALUE };

/** CurrencyInput for a new currency. */
export const checkNewCurrency = (values: CurrencyValues): Checked<CurrencyValues> =>
  checked((text) => ({
    territory: text('territory', values.territory, territory),
    alphaCode: text('alphaCode', values.alphaCode, { casing: 'upper', pattern: /^[A-Z]{3}$/ }),
    numericCode: text('numericCode', values.numericCode, { pattern: /^\d{3}$/ }),
    value: text('value', values.value, currencyValue),
    active: values.active,
  }));

/** A change keeps the codes (they identify the currency): territory and value as in CurrencyInput. */
export const checkCurrencyChange = (values: CurrencyValues): Checked<CurrencyValues> =>
  checked((text) => ({ ...values, territory: text('territory', values.territory, territory), value: text('value', values.value, currencyValue) }));

export type RoleGroupValues = { name: string; userType: UserType; locationLevel: string; makerChecker: boolean };

/** RoleGroupInput without its features (the matrix below the form keeps those). */
export const checkRoleGroup = (values: RoleGroupValues): Checked<RoleGroupValues> =>
  checked((text) => ({
    name: text('name', values.name, { min: 1, max: 80 }),
    userType: values.userType,
    locationLevel: text('locationLevel', values.locationLevel, { pattern: /^[a-z][a-z0-9_-]{1,30}$/ }),
    makerChecker: values.makerChecker,
  }));
