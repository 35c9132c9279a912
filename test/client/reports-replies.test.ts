import { describe, expect, it } from 'vitest';
import { Referrer as ReferrerSchema, ReferrerList as ReferrerListSchema } from '../../domain/api/back-office-reference';
import { BankDashboard as BankDashboardSchema, ReferralReport as ReferralReportSchema, RegistrationReport as RegistrationReportSchema } from '../../domain/api/back-office-reports';
import { BankDashboard } from '../../src/features/dashboard/replies';
import { ReferralReport, Referrer, ReferrerList, RegistrationReport } from '../../src/features/reports/replies';
import { assertSameReading } from './reply-oracle';

// The reports, the referrers and the bank dashboard read the server's replies without zod
// (src/features/reports/replies.ts, src/features/dashboard/replies.ts): what they keep must be what
// the contract's schemas keep, and a reply the schemas refuse is refused too — among them a count
// by registration state that misses a state or names one the contract does not know.

const referral = {
  referralCode: 'AB12',
  referrer: 'Juma Ally',
  referrerKind: 'staff',
  referrerId: 'E-1001',
  institution: 'KKKT Ubungo',
  institutionCode: 'UBG',
  branch: 'Kariakoo',
  channel: 'online',
  registeredAt: '2026-03-01T09:30:00.000Z',
  internal: 1,
};
const referrals = { data: [referral, { ...referral, referrerKind: 'freelancer', referrerId: null, branch: null }], totals: [{ referralCode: 'AB12', referrer: 'Juma Ally', count: 2, share: 1 }] };
const byStatus = { completed: 4, rejected: 1, submitted: 2, unfinished: 7 };
const registration = {
  id: 31,
  title: 'KKKT Ubungo',
  status: 'submitted',
  applicantPhone: '+255754000001',
  branch: 'Kariakoo',
  channel: 'branch',
  referralCode: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  submittedAt: '2026-03-02T10:00:00.000Z',
  rejectionReason: null,
  tokenHash: 'x',
};
const registrations = { data: [registration, { ...registration, id: 32, title: null, status: 'unfinished', branch: null, channel: null, submittedAt: null }], byStatus };
const referrer = { id: 5, kind: 'staff', name: 'Juma Ally', employeeNo: 'E-1001', phone: null, referralCode: 'AB12', branchId: 3, createdAt: '2026-01-05T08:00:00.000Z', createdBy: 1 };
const freelancer = { ...referrer, id: 6, kind: 'freelancer', employeeNo: null, phone: '+255713000001', branchId: null };
const dashboard = {
  registrationsByStatus: byStatus,
  pendingApprovals: { total: 6, account: 1, registration: 2, user: 1, userEdit: 1, smsTopUp: 1, stale: 0 },
  currency: 'TZS',
  collectionsByBranch: [{ branchId: 3, branch: 'Kariakoo', amount: 1_250_000, count: 12 }, { branchId: null, branch: null, amount: 500, count: 1 }],
  collectionsByReligion: [{ religionId: 1, religion: 'Christianity', amount: 1_250_500, count: 13 }],
  generatedAt: 'x',
};

const pairs = [
  { name: 'ReferralReport', plain: ReferralReport, zod: ReferralReportSchema, replies: [referrals, { data: [], totals: [] }] },
  { name: 'RegistrationReport', plain: RegistrationReport, zod: RegistrationReportSchema, replies: [registrations] },
  { name: 'Referrer', plain: Referrer, zod: ReferrerSchema, replies: [referrer, freelancer] },
  { name: 'ReferrerList', plain: ReferrerList, zod: ReferrerListSchema, replies: [{ data: [referrer, freelancer] }] },
  { name: 'BankDashboard', plain: BankDashboard, zod: BankDashboardSchema, replies: [dashboard] },
] as const;

describe('report and dashboard replies read without zod', () => {
  it('keep what the contract keeps', () => {
    for (const { name, plain, zod, replies } of pairs) {
      for (const reply of replies) expect(plain.parse(reply), name).toStrictEqual(zod.parse(reply));
    }
  });

  it('refuse what the contract refuses', () => {
    const { unfinished: _left, ...missingState } = byStatus;
    for (const [plain, zod, reply] of [
      [RegistrationReport, RegistrationReportSchema, { ...registrations, byStatus: missingState }],
      [RegistrationReport, RegistrationReportSchema, { ...registrations, byStatus: { ...byStatus, archived: 0 } }],
      [RegistrationReport, RegistrationReportSchema, { ...registrations, byStatus: { ...byStatus, completed: '4' } }],
      [RegistrationReport, RegistrationReportSchema, { ...registrations, data: [{ ...registration, status: 'lost' }] }],
      [ReferralReport, ReferralReportSchema, { ...referrals, totals: [{ referralCode: 'AB12', referrer: 'Juma Ally', count: 1.5 }] }],
      [ReferralReport, ReferralReportSchema, { data: [{ ...referral, referrerId: undefined }], totals: [] }],
      [Referrer, ReferrerSchema, { ...referrer, kind: 'agent' }],
      [BankDashboard, BankDashboardSchema, { ...dashboard, pendingApprovals: { total: 5 } }],
      [BankDashboard, BankDashboardSchema, { ...dashboard, registrationsByStatus: [] }],
    ] as const) {
      expect(zod.safeParse(reply).success).toBe(false);
      expect(() => plain.parse(reply)).toThrow();
    }
  });

  it('agree with the contract on replies with fields missing, of another kind or unknown', () => {
    for (const { plain, zod, replies } of pairs) assertSameReading(plain, zod, replies, 300);
  });
});
