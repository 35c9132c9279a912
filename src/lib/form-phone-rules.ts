import { INVALID_PHONE, REQUIRED } from './form-message-ids';
import { loadPhoneRules, phoneRulesIfLoaded, type PhoneRules } from './offline/phone-rules';

/**
 * The phone rules (domain/phone.ts with libphonenumber's metadata, ~29 KiB gzip) for the back-office
 * forms: fetched when a phone is first checked, not with the page. A phone field starts the
 * download when it takes focus, so the check at submit seldom waits for it.
 */
export function preloadPhoneRules(): void {
  loadPhoneRules().catch(() => undefined);
}

/**
 * Runs a check that needs the phone rules: at once when they have arrived, else when they have
 * loaded. When they cannot load (offline) it runs with null and leaves the phones to the server,
 * which checks them too: the save then meets the same "you are offline" answer as any other,
 * instead of a check that never answers.
 */
export function withPhoneRules<T>(check: (rules: PhoneRules | null) => T): T | Promise<T> {
  const rules = phoneRulesIfLoaded();
  if (rules) return check(rules);
  return loadPhoneRules().then(check, () => check(null));
}

export type PhoneField = { path: string; phone: string; country: string };
type Issue = { path: string; message: string };

/**
 * A form's issues plus its phone fields' (a phone is typed locally with its country): empty is
 * "can not be empty", else libphonenumber must read it as a valid number of that country.
 * Synchronous unless a typed phone has to wait for the rules.
 */
export function withPhoneIssues(issues: Issue[], phones: readonly PhoneField[]): Issue[] | Promise<Issue[]> {
  const typed = phones.filter((field) => field.phone.trim() !== '');
  for (const field of phones) if (field.phone.trim() === '') issues.push({ path: field.path, message: REQUIRED });
  if (typed.length === 0) return issues;
  return withPhoneRules((rules) => {
    for (const field of typed) if (rules && !rules.toE164(field.phone, field.country)) issues.push({ path: field.path, message: INVALID_PHONE });
    return issues;
  });
}

/** A typed phone in E.164 for the wire; as typed (trimmed) when the rules are not here or cannot read it. */
export function phoneForWire(phone: string, country: string): string {
  return phoneRulesIfLoaded()?.toE164(phone, country) ?? phone.trim();
}
