import { describe, expect, it } from 'vitest';
import { BankAccountList as BankAccountListSchema } from '../../domain/api/back-office-reference';
import { UploadInfo as UploadInfoSchema } from '../../domain/api/back-office';
import {
  InstitutionAccess as InstitutionAccessSchema,
  RegistrationOptions as RegistrationOptionsSchema,
  RegistrationStarted as RegistrationStartedSchema,
  RegistrationView as RegistrationViewSchema,
} from '../../domain/api/back-office-registration';
import { SubmittedRequest as SubmittedRequestSchema } from '../../domain/api/back-office-users';
import { MessageBody as MessageBodySchema } from '../../domain/api/common';
import { InstitutionAccess, RegistrationStarted } from '../../src/features/registration/replies';
import { MessageBody, SubmittedRequest } from '../../src/lib/replies/acknowledgements';
import { BankAccountList } from '../../src/lib/replies/reference-lists';
import { RegistrationOptions, RegistrationView, UploadInfo } from '../../src/lib/replies/registrations';
import { assertSameReading } from './reply-oracle';

// The registration pages read the server's replies without zod (docs/decisions/013-desk-bundle.md),
// with their own readers and the shared ones of src/lib/replies/.
// What they keep must be what the contract's zod schema keeps — the known fields, unknown ones
// dropped, defaults filled in — and a reply of the wrong kind must be refused, as zod refuses it.

const upload = { id: 4, name: 'signed-form.pdf', mimeType: 'application/pdf', sizeBytes: 20_480, url: '/api/uploads/4', internalPath: '/srv/x' };
const view = {
  id: 31,
  status: 'unfinished',
  rejectionReason: null,
  applicantPhone: '+255754000001',
  applicantEmail: 'asha@example.co.tz',
  data: {
    institution: { title: 'KKKT Ubungo', abbreviation: 'UBG', religionId: 1, levelId: 4, parentId: 9, region: 'Dar es Salaam', district: 'Ubungo', street: 'Morogoro Road', logoUploadId: null, customFields: [{ fieldId: 7, value: '1987' }] },
    bankAccount: { accountNumber: '0101777000001', accountName: 'KKKT UBUNGO', branchId: 2, branchName: 'Kariakoo', currency: 'TZS', core: 'x' },
    signatories: [{ name: 'Elia Mwakalinga', phone: '+255713000001', email: 'elia@example.co.tz', documentUploadId: 4 }],
    defaultUser: { name: 'Rehema Mwakalinga', phone: '+255715000001', email: 'rehema@example.co.tz' },
    extras: { referralCode: 'AB12', registrationChannel: 'branch' },
    draftNote: 'dropped',
  },
  missingSteps: [],
  uploads: [upload],
  requestId: null,
  institutionId: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:30:00.000Z',
  submittedAt: null,
  tokenHash: 'dropped',
};
/** A draft saved before the defaulted fields existed: zod fills them in. */
const olderView = {
  ...view,
  status: 'submitted',
  data: {
    institution: { ...view.data.institution, logoUploadId: undefined, customFields: undefined },
    signatories: [{ name: 'Elia Mwakalinga', phone: '+255713000001', documentUploadId: 4 }],
    extras: {},
  },
  missingSteps: ['bankAccount', 'defaultUser'],
  submittedAt: '2026-03-02T10:00:00.000Z',
};
const options = {
  religions: [{ id: 1, name: 'Christianity', code: 'x' }],
  levels: [{ id: 4, religionId: 1, rank: 3, name: 'Parish', holdsMembers: true }],
  parents: [{ id: 9, title: 'Dar es Salaam Diocese', levelId: 3, religionId: 1 }],
  customFields: [
    { id: 7, levelId: 4, label: 'Year founded', dataType: 'number', minChars: null, maxChars: 4, items: [] },
    { id: 8, levelId: 4, label: 'Rite', dataType: 'choice', minChars: null, maxChars: null, items: ['Latin', 'Byzantine'], extra: 'dropped' },
  ],
};
const accounts = {
  data: [
    {
      id: 3,
      institutionId: 9,
      institution: 'KKKT Ubungo',
      accountNumber: '0101777000001',
      accountName: 'KKKT UBUNGO',
      branchId: null,
      branchName: null,
      currency: 'TZS',
      status: 'active',
      isDefault: true,
      createdAt: '2026-03-01T09:00:00.000Z',
      balance: 1,
    },
  ],
  count: 1,
  nextCursor: null,
};
const access = { accessToken: 't0k3n', expiresAt: '2026-03-01T10:00:00.000Z', institution: { id: 9, title: 'KKKT Ubungo', code: 'UBG', phone: 'x' } };

const pairs = [
  { name: 'RegistrationView', plain: RegistrationView, zod: RegistrationViewSchema, replies: [view, olderView] },
  { name: 'RegistrationStarted', plain: RegistrationStarted, zod: RegistrationStartedSchema, replies: [{ token: 'abc', registration: view, extra: 1 }] },
  { name: 'RegistrationOptions', plain: RegistrationOptions, zod: RegistrationOptionsSchema, replies: [options, { religions: [], levels: [], parents: [], customFields: [] }] },
  { name: 'UploadInfo', plain: UploadInfo, zod: UploadInfoSchema, replies: [upload] },
  { name: 'SubmittedRequest', plain: SubmittedRequest, zod: SubmittedRequestSchema, replies: [{ requestId: 77, status: 'requested', kind: 'x' }] },
  { name: 'MessageBody', plain: MessageBody, zod: MessageBodySchema, replies: [{ message: 'Code sent', code: 'x' }] },
  { name: 'InstitutionAccess', plain: InstitutionAccess, zod: InstitutionAccessSchema, replies: [access] },
  { name: 'BankAccountList', plain: BankAccountList, zod: BankAccountListSchema, replies: [accounts] },
] as const;

describe('registration replies read without zod', () => {
  it('keep what the contract keeps', () => {
    for (const { name, plain, zod, replies } of pairs) {
      for (const reply of replies) expect(plain.parse(reply), name).toStrictEqual(zod.parse(reply));
    }
  });

  it('agree with the contract on replies with fields missing, of another kind or unknown', () => {
    for (const { name, plain, zod, replies } of pairs) assertSameReading(plain, zod, replies, 200, name === 'RegistrationView' || name === 'RegistrationStarted' ? 'kinds' : 'all');
  });

  it('refuse replies of the wrong kind, as the contract does', () => {
    const broken: [{ parse: (data: unknown) => unknown }, { safeParse: (data: unknown) => { success: boolean } }, unknown][] = [
      [RegistrationView, RegistrationViewSchema, { ...view, id: '31' }],
      [RegistrationView, RegistrationViewSchema, { ...view, status: 'lost' }],
      [RegistrationView, RegistrationViewSchema, { ...view, missingSteps: ['payment'] }],
      [RegistrationView, RegistrationViewSchema, { ...view, data: { ...view.data, institution: { ...view.data.institution, parentId: undefined } } }],
      [RegistrationView, RegistrationViewSchema, { ...view, data: { ...view.data, extras: { registrationChannel: 'post' } } }],
      [RegistrationView, RegistrationViewSchema, { ...view, uploads: [{ ...upload, sizeBytes: 1.5 }] }],
      [RegistrationView, RegistrationViewSchema, { ...view, submittedAt: undefined }],
      [RegistrationView, RegistrationViewSchema, null],
      [RegistrationStarted, RegistrationStartedSchema, { token: 5, registration: view }],
      [RegistrationOptions, RegistrationOptionsSchema, { ...options, levels: [{ ...options.levels[0], holdsMembers: 'yes' }] }],
      [SubmittedRequest, SubmittedRequestSchema, { requestId: 77, status: 'approved' }],
      [MessageBody, MessageBodySchema, {}],
      [InstitutionAccess, InstitutionAccessSchema, { ...access, institution: null }],
      [BankAccountList, BankAccountListSchema, { ...accounts, count: null }],
      [UploadInfo, UploadInfoSchema, [upload]],
    ];
    for (const [plain, zod, reply] of broken) {
      expect(zod.safeParse(reply).success).toBe(false);
      expect(() => plain.parse(reply)).toThrow();
    }
  });
});
