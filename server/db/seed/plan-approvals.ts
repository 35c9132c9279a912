import type { ApplicationPayload, BankAccountPayload, BankUserPayload, SmsTopUpPayload, UserEditPayload } from '../../../domain/api/back-office';
import type { RegistrationData } from '../../../domain/api/back-office-registration';
import type * as s from '../schema/index';
import type { UsersPlan } from './plan-users';
import type { Row, StructurePlan } from './plan-types';

export type ApprovalsPlan = {
  requests: Array<Row<typeof s.approvalRequests>>;
  registrations: Array<Row<typeof s.registrations>>;
  uploads: Array<Row<typeof s.uploads>>;
  coreAccounts: Array<Row<typeof s.coreBankAccounts>>;
};

/** Free accounts "at the bank" that no institution uses yet: registrations in the demo and the e2e tests pick from these. */
export const SPARE_CORE_ACCOUNTS = Array.from({ length: 20 }, (_, i) => `0101777${String(i + 1).padStart(6, '0')}`);

/**
 * One pending maker-checker request of every type, made by the `branch` officer, so `admin` and
 * `checker` have something to approve; payloads have the shapes of domain/api/back-office.ts, as
 * a real maker would have stored them. Nothing a pending request describes exists yet: approving
 * creates it. Also the bank's core accounts (the lookup's stand-in) and some history.
 */
export function planApprovals(structure: StructurePlan, users: UsersPlan, now: Date): ApprovalsPlan {
  const makerId = users.userIdByName.branch!;
  const checkerId = users.userIdByName.admin!;
  const dsm = structure.branchIdByCode.DSM!;
  const christian = structure.religionIdByCode.christian!;
  const hour = 3_600_000;
  const branchCode = (id: number | null | undefined) => structure.branches.find((b) => b.id === id)?.shortCode ?? 'DSM';

  // Every account the demo institutions hold exists at the bank, plus spare ones for new registrations.
  const coreAccounts: ApprovalsPlan['coreAccounts'] = structure.bankAccounts.map((account) => ({
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    branchCode: branchCode(account.branchId),
    currency: account.currency ?? 'TZS',
    status: 'active',
  }));
  const ubungoAccount = { accountNumber: '0101998877665', accountName: 'UBUNGO CHURCH', branchCode: 'DSM', currency: 'TZS', status: 'active' };
  const buildingFund = { accountNumber: '0101555000123', accountName: 'MWENGE CHURCH BUILDING FUND', branchCode: 'DSM', currency: 'TZS', status: 'active' };
  coreAccounts.push(ubungoAccount, buildingFund, { accountNumber: '0101000000009', accountName: 'CLOSED ACCOUNT', branchCode: 'DSM', currency: 'TZS', status: 'closed' });
  SPARE_CORE_ACCOUNTS.forEach((accountNumber, i) => coreAccounts.push({ accountNumber, accountName: `DEMO INSTITUTION ${i + 1}`, branchCode: 'DSM', currency: 'TZS', status: 'active' }));

  // Ubungo Church registered itself online; the branch checked it and sent it for approval.
  const parent = structure.institutions.find((row) => row.code === 'CF-KND')!;
  const churchLevel = structure.levels.find((level) => level.religionId === christian && level.holdsMembers)!;
  const submittedAt = new Date(now.getTime() - 20 * hour);
  const uploads: ApprovalsPlan['uploads'] = [1, 2].map((id) => ({
    id,
    storageName: `seed-signatory-${id}.pdf`,
    originalName: id === 1 ? 'elia-mapunda-signed.pdf' : 'ruth-kessy-signed.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 48_213 + id,
    registrationId: 1,
    purpose: 'document',
    createdAt: new Date(now.getTime() - 21 * hour),
  }));
  const data = {
    institution: {
      title: 'Ubungo Church',
      abbreviation: 'UBG',
      religionId: christian,
      levelId: churchLevel.id!,
      parentId: parent.id!,
      region: 'Dar es Salaam',
      district: 'Ubungo',
      street: 'Ubungo Kibangu',
      logoUploadId: null,
      customFields: [],
    },
    bankAccount: { accountNumber: ubungoAccount.accountNumber, accountName: ubungoAccount.accountName, branchId: dsm, branchName: 'Dar es Salaam', currency: 'TZS' },
    signatories: [
      { name: 'Elia Mapunda', phone: '+255754200001', email: 'elia.mapunda@example.co.tz', documentUploadId: 1 },
      { name: 'Ruth Kessy', phone: '+255714200002', email: 'ruth.kessy@example.co.tz', documentUploadId: 2 },
    ],
    defaultUser: { name: 'Elia Mapunda', phone: '+255754200001', email: 'elia.mapunda@example.co.tz' },
    extras: { referralCode: 'REF101', registrationChannel: 'online' as const },
  } satisfies RegistrationData;
  const registrations: ApprovalsPlan['registrations'] = [
    {
      id: 1,
      status: 'submitted',
      applicantPhone: '+255754200001',
      applicantEmail: 'elia.mapunda@example.co.tz',
      step: 5,
      data,
      branchId: dsm,
      religionId: christian,
      requestId: 1,
      createdAt: new Date(now.getTime() - 22 * hour),
      updatedAt: submittedAt,
      submittedAt,
    },
  ];
  const application: ApplicationPayload = {
    kind: 'registration',
    registrationId: 1,
    institution: data.institution,
    bankAccount: { accountNumber: data.bankAccount.accountNumber, accountName: data.bankAccount.accountName, branchId: dsm, currency: 'TZS' },
    signatories: data.signatories,
    defaultUser: data.defaultUser,
    referralCode: data.extras.referralCode,
    registrationChannel: data.extras.registrationChannel,
  };

  // A second account for Mwenge Church, requested at the branch.
  const mwenge = structure.institutions.find((row) => row.code === 'MWG')!;
  const account: BankAccountPayload = {
    institutionId: mwenge.id!,
    accountNumber: buildingFund.accountNumber,
    accountName: buildingFund.accountName,
    branchId: dsm,
    currency: 'TZS',
  };

  // A branch colleague whose creation was approved a month ago, and whose phone change now waits.
  const branchOfficer = users.roleGroups.find((group) => group.name === 'Branch Officer')!;
  const colleagueId = users.users.length + 1;
  users.users.push({
    id: colleagueId,
    username: 'salma.juma',
    email: 'salma.juma@sadakabank.co.tz',
    name: 'Salma Juma',
    phone: '+255654300003',
    passwordHash: users.users[0]!.passwordHash,
    userType: 'bank',
    roleGroupId: branchOfficer.id!,
    branchId: dsm,
    institutionId: null,
    activeReligionId: christian,
    status: 'activated',
    forceChangePassword: true,
    totpEnabled: false,
    preferredLanguage: 'sw',
    createdAt: new Date(now.getTime() - 29 * 24 * hour),
  });
  users.userIdByName['salma.juma'] = colleagueId;
  const newUser: BankUserPayload = {
    username: 'kassim.omari',
    name: 'Kassim Omari',
    email: 'kassim.omari@sadakabank.co.tz',
    phone: '+255684300001',
    roleGroupId: branchOfficer.id!,
    branchId: dsm,
  };
  const edit: UserEditPayload = { userId: colleagueId, changes: { phone: '+255654300004', name: 'Salma Juma Mrisho' } };

  // ADR 057: the branch officer asked for 500 SMS for Mwenge; an administrator approves it.
  const topUp: SmsTopUpPayload = { institutionId: mwenge.id!, institutionTitle: mwenge.title!, amount: 500, smsLeftWhenAsked: mwenge.smsLeft ?? 0, note: 'Paid for at the Dar es Salaam branch counter' };
  const pending = { makerId, status: 'requested' as const };
  const requests: ApprovalsPlan['requests'] = [
    { id: 1, type: 'application', subject: 'registration:1', title: 'Ubungo Church', payload: application, branchId: dsm, religionId: christian, createdAt: new Date(submittedAt.getTime() + 2 * hour), ...pending },
    { id: 2, type: 'bank-account', subject: `account:${account.accountNumber}`, title: `${mwenge.title} — ${account.accountName}`, payload: account, branchId: dsm, religionId: christian, createdAt: new Date(now.getTime() - 6 * hour), ...pending },
    { id: 3, type: 'bank-user', subject: 'user:new:kassim.omari', title: 'Kassim Omari (kassim.omari)', payload: newUser, branchId: dsm, religionId: null, createdAt: new Date(now.getTime() - 3 * hour), ...pending },
    { id: 4, type: 'user-edit', subject: `user:${colleagueId}`, title: 'Salma Juma (salma.juma)', payload: edit, branchId: dsm, religionId: null, createdAt: new Date(now.getTime() - 1 * hour), ...pending },
    { id: 7, type: 'sms-topup', subject: `sms-topup:${mwenge.id!}`, title: `${mwenge.title} — 500 SMS`, payload: topUp, branchId: dsm, religionId: christian, createdAt: new Date(now.getTime() - 2 * hour), ...pending },
    // History: decided by a different person, as maker-checker requires.
    {
      id: 5,
      type: 'bank-user',
      subject: 'user:new:rehema.said',
      title: 'Rehema Said (rehema.said)',
      payload: { username: 'rehema.said', name: 'Rehema Said', email: 'rehema.said@sadakabank.co.tz', phone: '+255654300002', roleGroupId: branchOfficer.id!, branchId: dsm } satisfies BankUserPayload,
      makerId,
      checkerId,
      branchId: dsm,
      religionId: null,
      status: 'rejected',
      reason: 'Duplicate of an existing staff account',
      createdAt: new Date(now.getTime() - 30 * 24 * hour),
      resolvedAt: new Date(now.getTime() - 29 * 24 * hour),
    },
    {
      id: 6,
      type: 'bank-user',
      subject: 'user:new:salma.juma',
      title: 'Salma Juma (salma.juma)',
      payload: { username: 'salma.juma', name: 'Salma Juma', email: 'salma.juma@sadakabank.co.tz', phone: '+255654300003', roleGroupId: branchOfficer.id!, branchId: dsm } satisfies BankUserPayload,
      makerId,
      checkerId,
      branchId: dsm,
      religionId: null,
      status: 'approved',
      createdAt: new Date(now.getTime() - 30 * 24 * hour),
      resolvedAt: new Date(now.getTime() - 29 * 24 * hour),
    },
  ];
  return { requests, registrations, uploads, coreAccounts };
}
