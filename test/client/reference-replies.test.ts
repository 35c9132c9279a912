import { describe, expect, it } from 'vitest';
import * as contract from '../../domain/api/back-office-reference';
import * as referenceReplies from '../../src/features/reference/replies';
import * as referenceLists from '../../src/lib/replies/reference-lists';
import { assertSameReading } from './reply-oracle';

// The reference pages read the server's replies without zod (src/features/reference/replies.ts and,
// for the lists other pages read too, src/lib/replies/reference-lists.ts).
// What they keep must be what the contract's schema keeps — the known fields, unknown ones
// dropped — and a reply the schema refuses must be refused too (api-client makes it a server fault).

const replies = { ...referenceReplies, ...referenceLists };

const branch = { id: 1, name: 'Kariakoo', shortCode: 'KKO', region: null, createdAt: '2026-03-01T09:30:00.000Z', internal: true };
const religion = { id: 2, code: 'christian', nameEn: 'Christian', nameSw: 'Mkristo', sortOrder: 3 };
const currency = {
  id: 3,
  territory: 'Zambia',
  alphaCode: 'ZMW',
  numericCode: '967',
  value: '105.1234',
  valueSetById: 7,
  valueSetBy: 'Agnes Mushi',
  valueSetAt: '2026-03-01T09:30:00.000Z',
  active: true,
  history: [],
};
const account = {
  id: 4,
  institutionId: 11,
  institution: 'Mwenge Church',
  accountNumber: '0101000000001',
  accountName: 'Mwenge SDA',
  branchId: null,
  branchName: null,
  currency: 'TZS',
  status: 'activated',
  isDefault: true,
  createdAt: '2026-03-01T09:30:00.000Z',
  requestId: 9,
};
const group = {
  id: 5,
  name: 'Bank Administrator',
  userType: 'bank',
  locationLevel: 'bank',
  makerChecker: true,
  features: [{ feature: 'users', actions: ['view', 'create'], note: 'x' }],
  userCount: 2,
  createdBy: 1,
};

/** [name of the reader and of its schema, a reply the contract accepts, replies it refuses] */
const cases: [keyof typeof replies & keyof typeof contract, unknown, unknown[]][] = [
  ['Branch', branch, [{ ...branch, id: '1' }, { ...branch, region: undefined }, { ...branch, createdAt: null }]],
  ['BranchList', { data: [branch, { ...branch, id: 2, region: 'Dar es Salaam' }] }, [{ data: branch }, { data: [{ ...branch, id: 1.5 }] }, {}]],
  ['Religion', religion, [{ ...religion, nameSw: 7 }]],
  ['ReligionDetailsList', { data: [religion] }, [{ data: [{ ...religion, code: null }] }]],
  ['CurrencyDetails', currency, [{ ...currency, active: 'yes' }, { ...currency, valueSetById: undefined }]],
  ['CurrencyDetailsList', { data: [currency, { ...currency, valueSetById: null, valueSetBy: null }] }, [{ data: [{ ...currency, value: 105.1 }] }]],
  ['BankAccountList', { data: [account, { ...account, branchId: 3, branchName: 'Kariakoo' }], count: 41, nextCursor: 'WyIyMDI2Il0' }, [{ data: [account], nextCursor: null }, { data: [{ ...account, isDefault: 1 }], count: 1, nextCursor: null }, { data: [account], count: 1 }]],
  ['RoleGroupItem', group, [{ ...group, userType: 'member' }, { ...group, features: [{ feature: 'nope', actions: [] }] }, { ...group, features: [{ feature: 'users', actions: ['fly'] }] }]],
  ['RoleGroupList', { data: [group, { ...group, id: 6, userType: 'entity', features: [] }] }, [{ data: [{ ...group, makerChecker: null }] }]],
  ['FeatureCatalogue', { features: ['users', 'branches'], actions: ['view'] }, [{ features: ['users'], actions: ['fly'] }, { features: 'users', actions: [] }]],
];

describe('reference replies read without zod', () => {
  it.each(cases)('%s keeps what the contract keeps and refuses what it refuses', (name, accepted, refused) => {
    const reader = replies[name] as { parse: (data: unknown) => unknown };
    const schema = contract[name] as { parse: (data: unknown) => unknown; safeParse: (data: unknown) => { success: boolean } };
    expect(reader.parse(accepted)).toStrictEqual(schema.parse(accepted));
    for (const reply of refused) {
      expect(schema.safeParse(reply).success).toBe(false);
      expect(() => reader.parse(reply)).toThrow();
    }
  });

  it.each(cases)('%s agrees with the contract on replies with fields missing, of another kind or unknown', (name, accepted) => {
    assertSameReading(replies[name], contract[name], [accepted], 200);
  });
});
