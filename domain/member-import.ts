import { mapHeaders, MEMBER_COLUMNS, type MemberColumnKey, readGender, readLanguage } from './member-columns';
import { checkMember, MAX_MEMBER_NAME, type PhoneCheck } from './receipt-rules';

/**
 * Members files (issue 13, docs/decisions/053-member-import.md): the rows of a CSV or XLSX table
 * read and checked with the single member form's rules. Pure, so the server (which decides) and
 * the browser's import worker (which previews and splits the file into batches) read a file alike.
 */

/** The largest file accepted (the issue's 15 MB). */
export const MAX_IMPORT_BYTES = 15 * 1024 * 1024;
/**
 * Rows per request the browser sends, and per transaction the server stores: large enough that the
 * per-request work (session, scope, zones, the next member number) is paid 10 times for 10,000 rows,
 * small enough that a batch is about a second and the progress bar keeps moving.
 */
export const IMPORT_BATCH_ROWS = 1000;
/** Lower-case hex SHA-256 of the whole file: with the line, the key of a row without a member number. */
export const IMPORT_KEY_PATTERN = /^[0-9a-f]{64}$/;
export const MAX_IMPORT_CODE = 40;
const CODE_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/** A row that passed: the member as stored (phone in E.164), its line, and the zone by name. */
export type ImportedMember = {
  line: number;
  firstName: string;
  lastName: string;
  phone: string;
  gender: 'male' | 'female';
  country: string;
  preferredLanguage: 'sw' | 'en';
  email?: string;
  addressOne?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  zone?: string;
  code?: string;
};

/** One refused field of a line: a domain message id (messages-core) and the column it names. */
export type ImportIssue = { field: MemberColumnKey; message: string };
export type RefusedLine = { line: number; issues: ImportIssue[] };

export type MemberTable = {
  /** Required columns the first row does not name: then no row is read at all. */
  missing: MemberColumnKey[];
  rows: ImportedMember[];
  refused: RefusedLine[];
};

/** Local or international number and the row's country → E.164, or null (domain/phone.ts toE164). */
export type PhoneReader = (input: string, country: string) => string | null;

const REQUIRED = 'validation.required';
const INVALID = 'validation.invalid';
const SELECT_COUNTRY = 'validation.selectCountry';
const INVALID_PHONE = 'validation.invalidPhone';

/** checkMember's paths → our columns (its `preferredLanguage` is the file's `language`). */
const COLUMN_OF_PATH: Record<string, MemberColumnKey> = { preferredLanguage: 'language' };
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Reads a table whose first row names the columns (English or Swahili, any order). `firstLine` is
 * the line number of the table's second row (the first data row) in the original file: 2 for a
 * whole file, more for a batch cut from one. Blank rows are skipped, not refused.
 */
export function readMemberTable(table: readonly string[][], readPhone: PhoneReader, isE164: PhoneCheck, firstLine = 2): MemberTable {
  const [headers = [], ...records] = table;
  const { columns, missing } = mapHeaders(headers.map((header) => header.trim()));
  if (missing.length > 0) return { missing, rows: [], refused: [] };
  const rows: ImportedMember[] = [];
  const refused: RefusedLine[] = [];
  records.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const values = {} as Record<MemberColumnKey, string>;
    for (const column of MEMBER_COLUMNS) values[column.key] = '';
    columns.forEach((key, position) => {
      if (key && values[key] === '') values[key] = (cells[position] ?? '').trim();
    });
    const read = readMemberRow(values, readPhone, isE164);
    const line = firstLine + index;
    if ('issues' in read) refused.push({ line, issues: read.issues });
    else rows.push({ ...read.member, line });
  });
  return { missing: [], rows, refused };
}

/** One row's cells by column → the member, or every issue found (the first per column). */
export function readMemberRow(values: Record<MemberColumnKey, string>, readPhone: PhoneReader, isE164: PhoneCheck): { member: Omit<ImportedMember, 'line'> } | { issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const refuse = (field: MemberColumnKey, message: string) => {
    if (!issues.some((issue) => issue.field === field)) issues.push({ field, message });
  };
  // "can not be empty" for what the single form requires; checkMember then applies its rules.
  for (const field of ['firstName', 'lastName', 'phone', 'gender'] as const) if (values[field] === '') refuse(field, REQUIRED);
  const country = values.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) refuse('country', SELECT_COUNTRY);
  const gender = values.gender === '' ? null : readGender(values.gender);
  if (values.gender !== '' && !gender) refuse('gender', INVALID);
  const language = values.language === '' ? 'sw' : readLanguage(values.language);
  if (!language) refuse('language', INVALID);
  let phone: string | null = null;
  if (values.phone !== '' && /^[A-Z]{2}$/.test(country)) {
    phone = readPhone(values.phone, country);
    if (!phone) refuse('phone', INVALID_PHONE);
  }
  if (values.code !== '' && !CODE_PATTERN.test(values.code)) refuse('code', INVALID);
  if (values.zone.length > MAX_MEMBER_NAME) refuse('zone', INVALID);

  const optional = (value: string) => (value === '' ? undefined : value);
  const input = {
    id: PLACEHOLDER_ID,
    institutionId: 1,
    firstName: values.firstName,
    lastName: values.lastName,
    phone: phone ?? values.phone,
    gender: gender ?? values.gender,
    preferredLanguage: language ?? values.language,
    country,
    email: optional(values.email),
    addressOne: optional(values.addressOne),
    city: optional(values.city),
    state: optional(values.state),
    postalCode: optional(values.postalCode),
  };
  // The phone toE164 just produced is valid E.164 by construction: checking it again would parse it a
  // second time, which is most of a row's cost in a 10,000-row file.
  const checked = checkMember(input, (value) => (phone !== null && value === phone) || isE164(value));
  // The phone was read (and any problem with it or its country reported) above.
  if (!checked.ok) for (const issue of checked.issues) if (issue.path !== 'phone') refuse(COLUMN_OF_PATH[issue.path] ?? (issue.path as MemberColumnKey), issue.message);
  if (issues.length > 0 || !checked.ok || !phone) return { issues: orderByColumn(issues) };
  const { id: _id, institutionId: _institution, ...member } = checked.value;
  return { member: { ...(member as Omit<ImportedMember, 'line' | 'zone' | 'code'>), zone: optional(values.zone), code: optional(values.code) } };
}

const COLUMN_ORDER = new Map(MEMBER_COLUMNS.map((column, index) => [column.key, index]));
const orderByColumn = (issues: ImportIssue[]) => issues.sort((a, b) => (COLUMN_ORDER.get(a.field) ?? 0) - (COLUMN_ORDER.get(b.field) ?? 0));
