import type { Action, Grants } from '../../../domain/permissions';

const ALL: readonly Action[] = ['view', 'create', 'update', 'delete', 'approve', 'export'];
const VIEW: readonly Action[] = ['view'];
const VIEW_EXPORT: readonly Action[] = ['view', 'export'];
const EDIT: readonly Action[] = ['view', 'create', 'update', 'export'];
const MAKE: readonly Action[] = ['view', 'create', 'update'];

export type RoleGroupSeed = {
  name: string;
  userType: 'bank' | 'entity';
  /** bank (admin, no branch), branch, or the institution level its users sit at. */
  locationLevel: string;
  makerChecker: boolean;
  grants: Grants;
};

/**
 * The role groups the demo starts with. Bank administrators check; branch officers make.
 * Entity roles are scoped to their institution and the levels below it by the server.
 */
export const roleGroupSeeds: RoleGroupSeed[] = [
  {
    name: 'Bank Administrator',
    userType: 'bank',
    locationLevel: 'bank',
    makerChecker: true,
    grants: {
      dashboard: VIEW,
      structure: VIEW_EXPORT,
      members: VIEW_EXPORT,
      transactions: VIEW_EXPORT,
      push: VIEW,
      sms: ALL,
      stats: VIEW_EXPORT,
      requests: ALL,
      users: ALL,
      roleGroups: ALL,
      branches: ALL,
      religions: ALL,
      currencies: ALL,
      bankAccounts: ALL,
      reports: VIEW_EXPORT,
      activities: VIEW_EXPORT,
      logViewer: VIEW_EXPORT,
    },
  },
  {
    name: 'Branch Officer',
    userType: 'bank',
    locationLevel: 'branch',
    makerChecker: true,
    grants: {
      dashboard: VIEW,
      structure: VIEW_EXPORT,
      members: VIEW_EXPORT,
      transactions: VIEW_EXPORT,
      push: MAKE,
      quickPayments: MAKE,
      // Branch staff send for their branch's churches and ask for their SMS top-ups; an administrator approves (ADR 057).
      sms: MAKE,
      requests: MAKE,
      users: MAKE,
      bankAccounts: MAKE,
      reports: VIEW_EXPORT,
      activities: VIEW,
    },
  },
  {
    name: 'Union Administrator',
    userType: 'entity',
    locationLevel: 'union',
    makerChecker: false,
    grants: {
      entityDashboard: VIEW,
      structure: ALL,
      members: EDIT,
      groups: EDIT,
      offerings: ALL,
      pledges: EDIT,
      transactions: VIEW_EXPORT,
      sms: ALL,
      stats: VIEW_EXPORT,
      reports: VIEW_EXPORT,
    },
  },
  {
    name: 'Church Treasurer',
    userType: 'entity',
    locationLevel: 'church',
    makerChecker: false,
    grants: {
      entityDashboard: VIEW,
      members: EDIT,
      groups: EDIT,
      offerings: VIEW,
      pledges: EDIT,
      cashReceipts: EDIT,
      transactions: VIEW_EXPORT,
      push: MAKE,
      quickPayments: MAKE,
      sms: MAKE,
      stats: VIEW,
    },
  },
  {
    name: 'Mosque Administrator',
    userType: 'entity',
    locationLevel: 'mosque',
    makerChecker: false,
    grants: {
      entityDashboard: VIEW,
      members: ALL,
      groups: ALL,
      offerings: ALL,
      pledges: ALL,
      cashReceipts: EDIT,
      transactions: VIEW_EXPORT,
      push: MAKE,
      quickPayments: MAKE,
      sms: MAKE,
      stats: VIEW,
    },
  },
];
