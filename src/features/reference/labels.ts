import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Action, Feature } from '../../../domain/permissions';

export const featureLabels: Record<Feature, MessageDescriptor> = {
  dashboard: msg`Bank dashboard`,
  entityDashboard: msg`Institution dashboard`,
  structure: msg`Structure`,
  members: msg`Members`,
  groups: msg`Zones and groups`,
  offerings: msg`Offering types`,
  pledges: msg`Pledges`,
  cashReceipts: msg`Cash receipts`,
  transactions: msg`Transactions`,
  push: msg`Bank push`,
  quickPayments: msg`Quick payments`,
  sms: msg`SMS`,
  stats: msg`Statistics`,
  requests: msg`Requests`,
  users: msg`Users`,
  roleGroups: msg`Role groups`,
  branches: msg`Branches`,
  religions: msg`Religions`,
  currencies: msg`Currencies`,
  bankAccounts: msg`Bank accounts`,
  reports: msg`Reports`,
  activities: msg`Activity logs`,
  logViewer: msg`History log`,
};

export const actionLabels: Record<Action, MessageDescriptor> = {
  view: msg`View`,
  create: msg`Create`,
  update: msg`Update`,
  delete: msg`Delete`,
  approve: msg`Approve`,
  export: msg`Export`,
};

/** Where a role group's users sit; the server accepts any level name, these are the ones in use. */
export const LOCATION_LEVELS = ['bank', 'branch', 'union', 'field', 'district', 'church', 'council', 'region', 'mosque'] as const;
