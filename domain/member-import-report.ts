import type { MemberColumnKey } from './member-columns';
import type { ImportIssue } from './member-import';
import type { Descriptor } from './messages-descriptor';
import { fieldLabels, messages } from './messages';

/** Turns a descriptor and its values into the reader's language: the server's request.t, or the PWA's i18n. */
export type Translate = (descriptor: Descriptor, values?: Record<string, unknown>) => string;

const LABELS: Record<MemberColumnKey, Descriptor> = {
  firstName: fieldLabels.firstName,
  lastName: fieldLabels.lastName,
  phone: fieldLabels.phone,
  gender: fieldLabels.gender,
  country: fieldLabels.country,
  email: fieldLabels.email,
  language: fieldLabels.preferredLanguage,
  zone: fieldLabels.memberZone,
  addressOne: fieldLabels.addressOne,
  city: fieldLabels.city,
  state: fieldLabels.state,
  postalCode: fieldLabels.postalCode,
  code: fieldLabels.memberCode,
};

const byId = new Map<string, Descriptor>(Object.values(messages).map((descriptor) => [descriptor.id, descriptor]));

/** The refused line's reason as the single form would say it ("First name can not be empty; Please select country"). */
export function describeImportIssues(issues: readonly ImportIssue[], t: Translate): string {
  return issues.map((issue) => t(byId.get(issue.message) ?? messages.fieldInvalid, { field: t(LABELS[issue.field]) })).join('; ');
}

/** "The first row must name the columns; missing: firstName, phone". */
export function describeMissingColumns(missing: readonly MemberColumnKey[], t: Translate): string {
  return t(messages.importColumnsMissing, { columns: missing.join(', ') });
}
