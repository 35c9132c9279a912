/**
 * Labels of the side menu the server builds (spec section 2, main layout). Lingui descriptors, so
 * `lingui extract` collects them and the server translates them by the caller's Lang header.
 */
type Descriptor = { id: string; message: string };

export const menuLabels = {
  dashboard: /*i18n*/ { id: 'menu.dashboard', message: 'Dashboard' },
  structure: /*i18n*/ { id: 'menu.structure', message: 'Structure' },
  institutions: /*i18n*/ { id: 'menu.institutions', message: 'Churches and mosques' },
  affiliation: /*i18n*/ { id: 'menu.affiliation', message: 'Affiliation' },
  members: /*i18n*/ { id: 'menu.members', message: 'Members' },
  groups: /*i18n*/ { id: 'menu.groups', message: 'Groups' },
  cashReceipts: /*i18n*/ { id: 'menu.cashReceipts', message: 'Cash receipts' },
  payments: /*i18n*/ { id: 'menu.payments', message: 'Transactions' },
  transactions: /*i18n*/ { id: 'menu.transactions', message: 'Transactions' },
  push: /*i18n*/ { id: 'menu.push', message: 'Push' },
  pushPending: /*i18n*/ { id: 'menu.pushPending', message: 'Pending push' },
  bankTransfers: /*i18n*/ { id: 'menu.bankTransfers', message: 'Bank transfers' },
  quickPayments: /*i18n*/ { id: 'menu.quickPayments', message: 'Quick payments' },
  pledges: /*i18n*/ { id: 'menu.pledges', message: 'Pledges' },
  sms: /*i18n*/ { id: 'menu.sms', message: 'SMS' },
  stats: /*i18n*/ { id: 'menu.stats', message: 'Statistics' },
  requests: /*i18n*/ { id: 'menu.requests', message: 'Requests' },
  users: /*i18n*/ { id: 'menu.users', message: 'Users' },
  reports: /*i18n*/ { id: 'menu.reports', message: 'Reports' },
  reportsReferrals: /*i18n*/ { id: 'menu.reportsReferrals', message: 'Referrals' },
  reportsRegistrations: /*i18n*/ { id: 'menu.reportsRegistrations', message: 'Registrations' },
  settings: /*i18n*/ { id: 'menu.settings', message: 'Settings' },
  settingsHub: /*i18n*/ { id: 'menu.settingsHub', message: 'All settings' },
  offerings: /*i18n*/ { id: 'menu.offerings', message: 'Offerings' },
  currencies: /*i18n*/ { id: 'menu.currencies', message: 'Currencies' },
  religions: /*i18n*/ { id: 'menu.religions', message: 'Religions' },
  levels: /*i18n*/ { id: 'menu.levels', message: 'Levels and custom fields' },
  branches: /*i18n*/ { id: 'menu.branches', message: 'Branches' },
  bankAccounts: /*i18n*/ { id: 'menu.bankAccounts', message: 'Bank accounts' },
  roleGroups: /*i18n*/ { id: 'menu.roleGroups', message: 'Role groups' },
  activities: /*i18n*/ { id: 'menu.activities', message: 'Activities' },
  logViewer: /*i18n*/ { id: 'menu.logViewer', message: 'Log viewer' },
} satisfies Record<string, Descriptor>;

export type MenuLabelKey = keyof typeof menuLabels;
