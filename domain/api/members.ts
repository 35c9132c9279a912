import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { IMPORT_KEY_PATTERN } from '../member-import';
import { isE164 } from '../phone';
import { COUNTRY_PATTERN, GENDERS, MAX_ADDRESS, MAX_EMAIL, MAX_MEMBER_NAME, MAX_PLACE, MEMBER_LANGUAGES, POSTAL_CODE_PATTERN } from '../receipt-rules';

/**
 * Members for staff (issue 13): the server list and detail, profile edits, zone moves, import,
 * deletion. The offline desk keeps its own cache contract in ./receipts.ts.
 */

export const MEMBER_LIST_MAX = 100;
export const MEMBER_SEARCH_MAX = 100;

export const MemberListQuery = z.object({
  search: z.string().trim().max(MEMBER_SEARCH_MAX).optional(),
  institutionId: recordIdText.optional(),
  zoneId: recordIdText.optional(),
  gender: z.enum(GENDERS).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MEMBER_LIST_MAX).default(50),
});
export type MemberListQuery = z.input<typeof MemberListQuery>;

/** A row of the list: the contract's fields plus the names a table shows beside the ids. */
export const MemberListItem = z.object({
  id: z.number().int(),
  names: z.string(),
  phone: z.string(),
  code: z.string(),
  institutionId: z.number().int(),
  zoneId: z.number().int().nullable(),
  institutionTitle: z.string(),
  zoneName: z.string().nullable(),
});
export type MemberListItem = z.infer<typeof MemberListItem>;
/** `nextCursor`: pass it back as `cursor` for the next page; null on the last. */
export const MemberListPage = z.object({ data: z.array(MemberListItem), nextCursor: z.string().nullable() });
export type MemberListPage = z.infer<typeof MemberListPage>;

export const MEMBER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const MemberIdParam = z.object({ id: recordIdText });
/** A scanned card's member code (a query, not a path segment, so it never reads as a member id). */
export const MemberCodeQuery = z.object({ code: z.string().trim().min(1).max(40) });

const Amount = z.object({ currency: z.string(), amount: z.number().int() });

export const MemberDetail = z.object({
  id: z.number().int(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  names: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  preferredLanguage: z.enum(MEMBER_LANGUAGES),
  country: z.string(),
  addressOne: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  createdAt: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string(), code: z.string() }),
  zone: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Completed giving (payments and cash receipts) in minor units, per currency. */
  totals: z.object({ thisYear: z.array(Amount), allTime: z.array(Amount) }),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/** Giving history of one member: completed payments and receipts, with totals per offering type and year. */
export const MemberGivingRow = z.object({
  id: z.string(),
  method: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  referenceNo: z.string(),
  receiptNo: z.string().nullable(),
  receivedAt: z.string(),
  institutionTitle: z.string(),
});
export const MemberGivingTotal = z.object({ year: z.number().int(), offeringType: z.string(), currency: z.string(), amount: z.number().int() });
export const MemberPledgeRow = z.object({
  id: z.number().int(),
  offeringType: z.string().nullable(),
  currency: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  dueDate: z.string(),
});
export const MemberSmsRow = z.object({ id: z.number().int(), message: z.string(), status: z.string(), createdAt: z.string() });
export const MemberHistory = z.object({
  giving: z.array(MemberGivingRow),
  totals: z.array(MemberGivingTotal),
  pledges: z.array(MemberPledgeRow),
  sms: z.array(MemberSmsRow),
});
export type MemberHistory = z.infer<typeof MemberHistory>;

/** Profile edit (online). The phone changes only through the SMS code; the zone through a move. */
export const MemberUpdate = z
  .object({
    firstName: z.string().trim().min(1).max(MAX_MEMBER_NAME),
    lastName: z.string().trim().min(1).max(MAX_MEMBER_NAME),
    email: z.email().max(MAX_EMAIL).nullable(),
    gender: z.enum(GENDERS),
    preferredLanguage: z.enum(MEMBER_LANGUAGES),
    country: z.string({ error: 'validation.selectCountry' }).regex(COUNTRY_PATTERN, { message: 'validation.selectCountry' }),
    addressOne: z.string().trim().max(MAX_ADDRESS).nullable(),
    city: z.string().trim().max(MAX_PLACE).nullable(),
    state: z.string().trim().max(MAX_PLACE).nullable(),
    postalCode: z.string().trim().regex(POSTAL_CODE_PATTERN, { message: 'validation.digits' }).nullable(),
  })
  .partial();
export type MemberUpdate = z.infer<typeof MemberUpdate>;

export const PhoneChangeStart = z.object({ phone: z.string().trim().refine(isE164, { message: 'validation.invalidPhone' }) });
export const PhoneChangeConfirm = z.object({ code: z.string().trim().regex(/^\d{6}$/, { message: 'validation.digits' }) });
export const PhoneChangeStarted = z.object({ expiresAt: z.string() });

/** The most members a selection of the list names at once (cards, export): a sheet run or a file, not the whole scope. */
export const MAX_MEMBER_SELECTION = 1000;

/** A selection of member ids in a query string ("1,2,3"). */
const MemberIdList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { message: 'validation.digits' })
  .transform((text) => text.split(',').map(Number))
  // Ten digits pass the pattern but not PostgreSQL's integer (the fuzz test met a 500 there).
  .pipe(z.array(recordId));

/** The list's filters, or (with `ids`) the members chosen in it, as a CSV or Excel file. */
export const MemberExportQuery = MemberListQuery.omit({ cursor: true, limit: true }).extend({ format: z.enum(MEMBER_EXPORT_FORMATS), ids: MemberIdList.optional() });

/** Member cards (PDF): chosen ids ("1,2,3") and/or a zone; CR80 pages or A4 sheets of 10. */
export const MEMBER_CARD_LAYOUTS = ['a4', 'cr80'] as const;
export const MemberCardsQuery = z.object({
  ids: MemberIdList.optional(),
  zoneId: recordIdText.optional(),
  layout: z.enum(MEMBER_CARD_LAYOUTS).default('a4'),
});

/** Deletion confirms with the actor's password or a one-time code (spec §5). */
export const MemberDeletion = z.object({ password: z.string().min(1).max(256).optional(), otp: z.string().trim().max(12).optional() });
export const MemberDeleted = z.object({ outcome: z.enum(['deleted', 'archived']) });

/**
 * POST /api/members/import's query. `institutionId`: the church or mosque the members join (a
 * congregation's own users may leave it out). `importKey` and `firstLine`: sent together by a
 * client that cuts a file into batches — the whole file's SHA-256 and the line of the batch's first
 * row — so each row keeps its key and line (ADR 053); a plain upload leaves both out.
 */
export const MemberImportQuery = z
  .object({
    institutionId: recordIdText.optional(),
    importKey: z.string().regex(IMPORT_KEY_PATTERN).optional(),
    firstLine: z.coerce.number().int().min(2).max(10_000_000).optional(),
  })
  .refine((query) => (query.importKey === undefined) === (query.firstLine === undefined), { path: ['firstLine'], message: 'validation.required' });
export type MemberImportQuery = z.input<typeof MemberImportQuery>;

/** GET /api/members/import-places: the churches and mosques a caller above congregations may import into. */
export const ImportPlaceQuery = z.object({ search: z.string().trim().max(100).optional() });
export const ImportPlaces = z.object({ data: z.array(z.object({ id: z.number().int(), title: z.string(), code: z.string() })) });
export type ImportPlaces = z.infer<typeof ImportPlaces>;

export const MemberImportResult = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type MemberImportResult = z.infer<typeof MemberImportResult>;
