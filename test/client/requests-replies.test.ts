import { describe, expect, it } from 'vitest';
import * as contract from '../../domain/api/back-office';
import { RegistrationList as RegistrationListSchema } from '../../domain/api/back-office-registration';
import * as payloads from '../../src/features/requests/payloads';
import { RequestDecision, RequestDetail, RequestList } from '../../src/features/requests/replies';
import { RegistrationList } from '../../src/lib/replies/registrations';
import type { Reader as ReplyReader } from '../../src/lib/reply-checks';
import { assertSameReading, type Schema } from './reply-oracle';

// The requests pages read the server's replies, and each request's stored payload, without zod
// (src/features/requests/replies.ts, payloads.ts): what they keep must be what the contract's
// schemas keep, and what the schemas refuse is refused too. A payload that is not of its type's
// shape is shown field by field (readPayload gives null, as safeParse fails).

const item = {
  id: 41,
  type: 'bank-user',
  status: 'requested',
  subject: 'user:agnes.mushi',
  title: 'agnes.mushi',
  makerId: 7,
  makerName: 'Asha Mussa',
  checkerId: null,
  checkerName: null,
  branchId: 3,
  branchName: 'Kariakoo',
  religionId: null,
  reason: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  resolvedAt: null,
  canCheck: true,
  payloadHash: 'x',
};
const decided = { ...item, id: 42, type: 'application', status: 'rejected', checkerId: 9, checkerName: 'Neema Juma', religionId: 1, reason: 'Wrong form', resolvedAt: '2026-03-02T09:30:00.000Z', canCheck: false };
const counts = { total: 5, account: 1, registration: 1, user: 1, userEdit: 1, smsTopUp: 1 };
const upload = { id: 4, name: 'signed-form.pdf', mimeType: 'application/pdf', sizeBytes: 20_480, url: '/api/uploads/4', path: '/srv/x' };
const bankUser = { username: 'agnes.mushi', name: 'Agnes Mushi', email: 'agnes.mushi@bank.co.tz', phone: '+255713000001', roleGroupId: 2, branchId: null };
const registrationPayload = {
  kind: 'registration',
  registrationId: 31,
  institution: { title: 'KKKT Ubungo', abbreviation: 'UBG', religionId: 1, levelId: 4, parentId: null, region: 'Dar es Salaam', district: 'Ubungo', street: 'Morogoro Road', logoUploadId: 5 },
  bankAccount: { accountNumber: '0101777000001', accountName: 'KKKT UBUNGO', branchId: 2, currency: 'TZS' },
  signatories: [{ name: 'Elia Mwakalinga', phone: '+255713000001', email: null, documentUploadId: 4 }],
  defaultUser: { name: 'Rehema Mwakalinga', phone: '+255715000001', email: 'rehema@example.co.tz' },
  referralCode: null,
  registrationChannel: 'online',
};
const amendment = { kind: 'amendment', institutionId: 9, changes: { title: 'KKKT Ubungo Kati', defaultUser: { name: 'Rehema M', phone: '+255715000002', email: 'r@example.co.tz' } } };
const bankAccount = { institutionId: 9, accountNumber: '0101777000002', accountName: 'KKKT UBUNGO USD', branchId: null, currency: 'USD' };
const userEdit = { userId: 12, changes: { name: 'Agnes M. Mushi', branchId: null } };
const summary = {
  id: 31,
  status: 'submitted',
  title: 'KKKT Ubungo',
  applicantPhone: '+255754000001',
  branchId: 2,
  rejectionReason: null,
  requestId: null,
  institutionId: null,
  submittedAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
};

describe('requests replies read without zod', () => {
  const pairs = [
    { name: 'RequestList', plain: RequestList, zod: contract.RequestList, replies: [{ data: [item, decided], count: 2, counts, nextCursor: 'WyIyMDI2Il0' }, { data: [], count: 0, counts, nextCursor: null }] },
    {
      name: 'RequestDetail',
      plain: RequestDetail,
      zod: contract.RequestDetail,
      replies: [
        { ...item, payload: bankUser, documents: [] },
        { ...decided, payload: registrationPayload, documents: [upload] },
        { ...item, payload: { anything: [1, { deep: true }], missing: undefined }, documents: [] },
      ],
    },
    { name: 'RequestDecision', plain: RequestDecision, zod: contract.RequestDecision, replies: [{ id: 41, status: 'approved', reason: null, at: 'x' }] },
    {
      name: 'RegistrationList',
      plain: RegistrationList,
      zod: RegistrationListSchema,
      replies: [{ data: [summary, { ...summary, id: 32, title: null, status: 'unfinished', branchId: null, submittedAt: null }], count: 2, byStatus: { completed: 0, rejected: 0, submitted: 1, unfinished: 1 }, nextCursor: null }],
    },
  ] as const;

  it('keep what the contract keeps', () => {
    for (const { name, plain, zod, replies } of pairs) {
      for (const reply of replies) expect(plain.parse(reply), name).toStrictEqual(zod.parse(reply));
    }
    const detail = RequestDetail.parse({ ...item, payload: bankUser, documents: [] });
    expect(detail.payload).not.toBe(bankUser); // a copy: the page never holds the reply's own object
  });

  it('refuse what the contract refuses', () => {
    for (const [plain, zod, reply] of [
      [RequestList, contract.RequestList, { data: [item], count: 1 }],
      [RequestList, contract.RequestList, { data: [{ ...item, type: 'loan' }], count: 1, counts, nextCursor: null }],
      [RequestList, contract.RequestList, { data: [item], count: 1, counts, nextCursor: 5 }],
      [RequestDetail, contract.RequestDetail, { ...item, payload: [bankUser], documents: [] }],
      [RequestDetail, contract.RequestDetail, { ...item, payload: null, documents: [] }],
      [RequestDetail, contract.RequestDetail, { ...item, payload: bankUser, documents: [{ ...upload, id: null }] }],
      [RequestDecision, contract.RequestDecision, { id: 41, status: 'done', reason: null }],
      [RegistrationList, RegistrationListSchema, { data: [summary], count: 1, byStatus: { completed: 0 } }],
    ] as const) {
      expect(zod.safeParse(reply).success).toBe(false);
      expect(() => plain.parse(reply)).toThrow();
    }
  });

  it('agree with the contract on replies with fields missing, of another kind or unknown', () => {
    for (const { plain, zod, replies } of pairs) assertSameReading(plain, zod, replies, 300);
  });
});

describe('request payloads read without zod', () => {
  const shapes = [
    ['RegistrationPayload', [registrationPayload, { ...registrationPayload, referralCode: 'AB12', signatories: [] }]],
    ['AmendmentPayload', [amendment, { kind: 'amendment', institutionId: 9, changes: {} }]],
    ['AffiliationPayload', [{ kind: 'affiliation', institutionId: 9, fromParentId: 3, toParentId: 4, fromParentTitle: 'Coast Field', toParentTitle: 'Lake Field' }]],
    ['BankAccountPayload', [bankAccount]],
    ['BankUserPayload', [bankUser, { ...bankUser, branchId: 3 }]],
    ['UserEditPayload', [userEdit, { userId: 12, changes: { roleGroupId: 4, email: 'x@bank.co.tz', phone: '+255713000009' } }]],
    ['SmsTopUpPayload', [{ institutionId: 9, institutionTitle: 'KKKT Ubungo', amount: 500, smsLeftWhenAsked: 3, note: null }, { institutionId: 9, institutionTitle: 'KKKT Ubungo', amount: 1, smsLeftWhenAsked: 0, note: 'Paid at the counter' }]],
  ] as const;

  it.each(shapes)('%s gives what safeParse gives, or null where it fails', (name, samples) => {
    const read = payloads[name] as ReplyReader<unknown>;
    const schema = contract[name] as Schema;
    const asParser = {
      parse: (data: unknown) => {
        const payload = payloads.readPayload(read, data);
        if (payload === null) throw new Error('not this shape');
        return payload;
      },
    };
    assertSameReading(asParser, schema, samples, 300);
    // A payload of another type is not read as this one.
    for (const [other, others] of shapes) if (other !== name) for (const sample of others) expect(payloads.readPayload(read, sample) === null).toBe(!schema.safeParse(sample).success);
  });
});
