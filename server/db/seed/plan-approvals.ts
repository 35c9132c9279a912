import type * as s from '../schema/index';
import type { UsersPlan } from './plan-users';
import type { Row, StructurePlan } from './plan-types';

/**
 * One pending maker-checker request of every type, made by the `branch` officer, so `admin` and
 * `checker` have something to approve. Payloads carry what executing the request needs; the
 * subject names the one thing each request changes (one pending request per subject).
 */
export function planApprovals(
  structure: StructurePlan,
  users: UsersPlan,
  now: Date,
): { requests: Array<Row<typeof s.approvalRequests>>; registrations: Array<Row<typeof s.registrations>> } {
  const makerId = users.userIdByName.branch!;
  const checkerId = users.userIdByName.admin!;
  const dsm = structure.branchIdByCode.DSM!;
  const christian = structure.religionIdByCode.christian!;
  const hour = 3_600_000;

  // A church the branch registered that waits for approval: status 'submitted', no bank account yet.
  const parent = structure.institutions.find((row) => row.code === 'CF-KND')!;
  const churchLevel = structure.levels.find((level) => level.religionId === christian && level.holdsMembers)!;
  const newChurchId = structure.institutions.length + 1;
  const application = {
    id: newChurchId,
    religionId: christian,
    levelId: churchLevel.id!,
    parentId: parent.id!,
    path: `${parent.path}${newChurchId}/`,
    title: 'Ubungo Church',
    abbreviation: 'UBG',
    code: 'UBG',
    accountNumber: '0101998877665',
    accountName: 'UBUNGO CHURCH',
    branchId: dsm,
    region: 'Dar es Salaam',
    district: 'Ubungo',
    street: 'Ubungo Kibangu',
    referralCode: 'REF101',
    registrationChannel: 'branch',
    status: 'submitted',
    createdAt: new Date(now.getTime() - 20 * hour),
  } satisfies Row<typeof s.institutions>;
  structure.institutions.push(application);
  const signatories = [
    { name: 'Elia Mapunda', phone: '+255754200001', email: 'elia.mapunda@example.co.tz' },
    { name: 'Ruth Kessy', phone: '+255714200002', email: 'ruth.kessy@example.co.tz' },
  ];
  const registrations = [
    {
      id: 1,
      status: 'submitted',
      applicantPhone: '+255754200001',
      step: 4,
      data: { title: application.title, code: application.code, parentId: parent.id, branchId: dsm, signatories },
      institutionId: newChurchId,
      createdAt: new Date(now.getTime() - 22 * hour),
      updatedAt: application.createdAt,
      submittedAt: application.createdAt,
    },
  ];

  // A second account for Mwenge Church, requested at the branch.
  const mwenge = structure.institutions.find((row) => row.code === 'MWG')!;
  const account = {
    id: structure.bankAccounts.length + 1,
    institutionId: mwenge.id!,
    accountNumber: '0101555000123',
    accountName: 'MWENGE CHURCH BUILDING FUND',
    branchId: dsm,
    currency: 'TZS',
    status: 'requested',
    isDefault: false,
    createdAt: new Date(now.getTime() - 6 * hour),
  };
  structure.bankAccounts.push(account);

  const treasurer = users.users.find((user) => user.username === 'treasurer')!;
  const branchOfficer = users.roleGroups.find((group) => group.name === 'Branch Officer')!;
  const common = { makerId, branchId: dsm, religionId: christian, status: 'requested' as const };
  const requests = [
    {
      id: 1,
      type: 'application',
      subject: `institution:${newChurchId}`,
      payload: { institutionId: newChurchId, registrationId: 1, title: application.title, code: application.code, parentId: parent.id },
      createdAt: application.createdAt,
      ...common,
    },
    {
      id: 2,
      type: 'bank-account',
      subject: `bank-account:${account.id}`,
      payload: { bankAccountId: account.id, institutionId: account.institutionId, accountNumber: account.accountNumber, accountName: account.accountName, branchId: dsm, currency: 'TZS' },
      createdAt: account.createdAt,
      ...common,
    },
    {
      id: 3,
      type: 'bank-user',
      subject: 'user:new:kassim.omari',
      payload: { username: 'kassim.omari', name: 'Kassim Omari', email: 'kassim.omari@sadakabank.co.tz', phone: '+255684300001', roleGroupId: branchOfficer.id, branchId: dsm },
      createdAt: new Date(now.getTime() - 3 * hour),
      ...common,
    },
    {
      id: 4,
      type: 'user-edit',
      subject: `user:${treasurer.id}`,
      payload: { userId: treasurer.id, changes: { phone: '+255765400004', email: 'neema.lyimo@mwenge-church.example.co.tz' } },
      createdAt: new Date(now.getTime() - 1 * hour),
      ...common,
    },
    // History: an earlier request approved by a different person, as maker-checker requires.
    {
      id: 5,
      type: 'bank-user',
      subject: 'user:new:rehema.said',
      payload: { username: 'rehema.said', name: 'Rehema Said', email: 'rehema.said@sadakabank.co.tz', phone: '+255654300002', roleGroupId: branchOfficer.id, branchId: dsm },
      makerId,
      checkerId,
      branchId: dsm,
      religionId: christian,
      status: 'rejected',
      reason: 'Duplicate of an existing staff account',
      createdAt: new Date(now.getTime() - 30 * 24 * hour),
      resolvedAt: new Date(now.getTime() - 29 * 24 * hour),
    },
  ] satisfies Array<Row<typeof s.approvalRequests>>;
  return { requests, registrations };
}
