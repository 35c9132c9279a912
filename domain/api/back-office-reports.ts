import { z } from 'zod';
import { recordIdText } from './common';
import { REGISTRATION_STATUSES } from '../statuses';
import { PendingRegistration } from './shell';

/**
 * Bank back office, part 5: reports, logs and the bank dashboard.
 *
 * - `GET /reports/referrals?from&to&referralCode&format` → ReferralReport, or a file when `format`
 *   is csv, xlsx or pdf (Content-Disposition: attachment): one row per institution registered
 *   with a referral code, with its referrer (staff by employee number, freelancer by phone).
 * - `GET /reports/registrations?status&from&to&format` → RegistrationReport (or a file).
 * - `GET /activities?userId&action&search&from&to&limit&offset` → ActivityList: who did what,
 *   when (UTC) and from where.
 * - `GET /log-viewer?userId&search&limit&offset` → SessionLogList: session id, IP address, device
 *   type, version, browser agent, last access.
 * - `GET /back-office/dashboard` → BankDashboard: registrations by state, pending approvals,
 *   collections by branch and by religion (completed, base currency, this year).
 * `from`/`to` are ISO dates (inclusive days, UTC).
 */
export const EXPORT_FORMATS = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
// A real calendar day: a well-shaped but impossible one (2026-02-30, 6512-28-95) reached the database as a 500 (found by the fuzz test).
const IsoDay = z.iso.date();
const Paging = {
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
/** The logs page by keyset too (ADR 062): the previous answer's `nextCursor`; when given, `offset` is not used. */
const Cursor = { cursor: z.string().max(400).optional() };

export const ReferralReportQuery = z.object({
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  referralCode: z.string().trim().toUpperCase().max(20).optional(),
  format: z.enum(EXPORT_FORMATS).default('json'),
});
export type ReferralReportQuery = z.output<typeof ReferralReportQuery>;
export const ReferralRow = z.object({
  referralCode: z.string(),
  referrer: z.string(),
  referrerKind: z.string(),
  /** Employee number for staff, phone for freelancers. */
  referrerId: z.string().nullable(),
  institution: z.string(),
  institutionCode: z.string(),
  branch: z.string().nullable(),
  channel: z.string(),
  registeredAt: z.string(),
});
export type ReferralRow = z.infer<typeof ReferralRow>;
export const ReferralReport = z.object({
  data: z.array(ReferralRow),
  /** Institutions per referral code. */
  totals: z.array(z.object({ referralCode: z.string(), referrer: z.string(), count: z.number().int() })),
});
export type ReferralReport = z.infer<typeof ReferralReport>;

export const RegistrationReportQuery = z.object({
  status: z.enum(REGISTRATION_STATUSES).optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  format: z.enum(EXPORT_FORMATS).default('json'),
});
export type RegistrationReportQuery = z.output<typeof RegistrationReportQuery>;
export const RegistrationRow = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  applicantPhone: z.string(),
  branch: z.string().nullable(),
  channel: z.string().nullable(),
  referralCode: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type RegistrationRow = z.infer<typeof RegistrationRow>;
export const RegistrationReport = z.object({ data: z.array(RegistrationRow), byStatus: z.record(z.enum(REGISTRATION_STATUSES), z.number().int()) });
export type RegistrationReport = z.infer<typeof RegistrationReport>;

export const ActivityQuery = z.object({
  userId: recordIdText.optional(),
  action: z.string().trim().max(60).optional(),
  search: z.string().trim().max(100).optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  ...Paging,
  ...Cursor,
});
export type ActivityQuery = z.output<typeof ActivityQuery>;
export const ActivityItem = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  details: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
/** `nextCursor`: pass it back as `cursor` for the next page; null on the last. */
export const ActivityList = z.object({ data: z.array(ActivityItem), count: z.number().int(), nextCursor: z.string().nullable() });

export const SessionLogQuery = z.object({ userId: z.coerce.number().int().positive().optional(), search: z.string().trim().max(100).optional(), ...Paging, ...Cursor });
export type SessionLogQuery = z.output<typeof SessionLogQuery>;
export const SessionLogItem = z.object({
  sessionId: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  ipAddress: z.string().nullable(),
  deviceType: z.string().nullable(),
  version: z.string().nullable(),
  browserAgent: z.string().nullable(),
  startedAt: z.string(),
  lastAccess: z.string(),
  /** active, expired or revoked (signed out, disabled, password changed). */
  state: z.enum(['active', 'expired', 'revoked']),
});
export const SessionLogList = z.object({ data: z.array(SessionLogItem), count: z.number().int(), nextCursor: z.string().nullable() });

export const BankDashboard = z.object({
  registrationsByStatus: z.record(z.enum(REGISTRATION_STATUSES), z.number().int()),
  pendingApprovals: PendingRegistration,
  currency: z.string(),
  collectionsByBranch: z.array(z.object({ branchId: z.number().int().nullable(), branch: z.string().nullable(), amount: z.number().int(), count: z.number().int() })),
  collectionsByReligion: z.array(z.object({ religionId: z.number().int(), religion: z.string(), amount: z.number().int(), count: z.number().int() })),
});
export type BankDashboard = z.infer<typeof BankDashboard>;
