/**
 * Every route path in one place, used by the router, the server-built menu and the tests.
 * Each exists unprefixed (Swahili, the default) and under `/en`.
 */
export const paths = {
  login: '/',
  activities: '/activities',
  affiliation: '/affiliation',
  bankAccounts: '/bank-accounts',
  branches: '/branches',
  cashReceipt: '/cash-receipt',
  dashboard: '/dashboard',
  entity: '/entity',
  entityDashboard: '/entityDashboard',
  giveOfferings: '/give-offerings',
  groups: '/groups-management',
  locked: '/locked',
  logViewer: '/log_viewer',
  members: '/members',
  memberTransfers: '/members/transfers',
  outbox: '/outbox',
  pledge: '/pledge',
  preview: '/preview',
  profile: '/profile',
  push: '/push',
  pushPending: '/push/pending',
  quickPayments: '/quick-payments',
  registration: '/registration',
  requestNewAccount: '/request-new-account',
  requests: '/requests',
  reset: '/reset',
  searchResult: '/search-result',
  settings: '/settings',
  currencies: '/settings/currencies',
  offerings: '/settings/offerings',
  sms: '/sms',
  stats: '/stats',
  structure: '/structure',
  transactions: '/transactions',
  /** Completed payments whose credit to the institution's account failed (issue 4). */
  failedCredits: '/transactions/failed-credits',
  /** Bank transfers waiting for the money: bank staff confirm or cancel them (issue 10). */
  bankTransfers: '/transactions/bank-transfers',
  /** Settlement history per day and account (issue 4). */
  settlements: '/transactions/settlements',
  users: '/users',
  reportsReferrals: '/reports/referrals',
  reportsRegistrations: '/reports/registrations',
  religions: '/settings/religions',
  levels: '/settings/levels',
  roleGroups: '/settings/role-groups',
  noPermission: '/no-permission',
} as const;
export type AppPath = (typeof paths)[keyof typeof paths];

/** Pages anyone may open, signed in or not. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.locked,
  paths.reset,
  paths.registration,
  paths.preview,
  paths.requestNewAccount,
  paths.giveOfferings,
];

/** Pages every signed-in user may open whatever their menu says. */
export const ALWAYS_ALLOWED_PATHS: readonly string[] = [paths.profile, paths.searchResult, paths.outbox, paths.noPermission];

export const EN_PREFIX = '/en';

export function localizedPath(path: string, locale: 'sw' | 'en'): string {
  if (locale === 'sw') return path;
  return path === '/' ? EN_PREFIX : `${EN_PREFIX}${path}`;
}

/** Splits `/en/members/4` into its locale and the unprefixed path. */
export function stripLocale(pathname: string): { locale: 'sw' | 'en'; path: string } {
  if (pathname === EN_PREFIX || pathname === `${EN_PREFIX}/`) return { locale: 'en', path: '/' };
  if (pathname.startsWith(`${EN_PREFIX}/`)) return { locale: 'en', path: pathname.slice(EN_PREFIX.length) };
  return { locale: 'sw', path: pathname };
}

/** API base path; the client's is configurable, this is the default. */
export const API_BASE = '/api';
