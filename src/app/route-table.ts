import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import { paths } from '../../domain/paths';
import { lazyPage } from './lazy-page';
import { NoPermissionPage } from './pages/error-pages';

export type PageRoute = { path: string; title: MessageDescriptor; menuPath?: string; Page: ComponentType };

// Every page is its own lazy chunk so the shell stays small (performance.md: shell ≤ 170 KiB gzip).
const SignInPage = lazyPage(() => import('../features/auth/sign-in-page'), (m) => m.SignInPage);
const LockedPage = lazyPage(() => import('../features/auth/locked-page'), (m) => m.LockedPage);
const ResetPage = lazyPage(() => import('../features/auth/reset-page'), (m) => m.ResetPage);
const ResetLinkPage = lazyPage(() => import('../features/auth/reset-link-page'), (m) => m.ResetLinkPage);
const ProfilePage = lazyPage(() => import('../features/auth/profile-page'), (m) => m.ProfilePage);
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), (m) => m.DashboardPage);
const SearchResultPage = lazyPage(() => import('../features/search/search-result-page'), (m) => m.SearchResultPage);
// Pages whose capability is not built yet: a titled page with an honest empty state.
const EmptyPage = lazyPage(() => import('./pages/empty-page'), (m) => m.EmptyPage);
const PublicEmptyPage = lazyPage(() => import('./pages/empty-page'), (m) => m.PublicEmptyPage);

/** Pages anyone may open; they render without the signed-in shell. */
export const publicRoutes: PageRoute[] = [
  { path: paths.login, title: msg`Sign in`, Page: SignInPage },
  { path: paths.locked, title: msg`Locked`, Page: LockedPage },
  { path: paths.reset, title: msg`Forgot password`, Page: ResetPage },
  { path: `${paths.reset}/:id`, title: msg`Set a new password`, Page: ResetLinkPage },
  { path: paths.registration, title: msg`Register a church or mosque`, Page: PublicEmptyPage },
  { path: paths.preview, title: msg`Registration preview`, Page: PublicEmptyPage },
  { path: paths.requestNewAccount, title: msg`Change institution details`, Page: PublicEmptyPage },
  { path: paths.giveOfferings, title: msg`Give offerings`, Page: PublicEmptyPage },
];

/** Signed-in pages; `menuPath` is the menu entry that grants a parameterised page. */
export const shellRoutes: PageRoute[] = [
  { path: paths.dashboard, title: msg`Dashboard`, Page: DashboardPage },
  { path: paths.entityDashboard, title: msg`Dashboard`, Page: DashboardPage },
  { path: paths.profile, title: msg`My profile`, Page: ProfilePage },
  { path: paths.searchResult, title: msg`Search results`, Page: SearchResultPage },
  { path: paths.noPermission, title: msg`No permission`, Page: NoPermissionPage },
  { path: paths.activities, title: msg`Activity logs`, Page: EmptyPage },
  { path: `${paths.affiliation}/:id?`, menuPath: paths.affiliation, title: msg`Affiliation`, Page: EmptyPage },
  { path: paths.bankAccounts, title: msg`Bank accounts`, Page: EmptyPage },
  { path: paths.branches, title: msg`Branches`, Page: EmptyPage },
  { path: paths.cashReceipt, title: msg`Cash receipts`, Page: EmptyPage },
  { path: `${paths.entity}/:id?`, menuPath: paths.entity, title: msg`Churches and mosques`, Page: EmptyPage },
  { path: paths.groups, title: msg`Zones and groups`, Page: EmptyPage },
  { path: paths.logViewer, title: msg`History log`, Page: EmptyPage },
  { path: paths.members, title: msg`Members`, Page: EmptyPage },
  { path: `${paths.members}/:id`, menuPath: paths.members, title: msg`Member details`, Page: EmptyPage },
  { path: paths.outbox, title: msg`Unsent records`, Page: EmptyPage },
  { path: paths.pledge, title: msg`Pledges`, Page: EmptyPage },
  { path: `${paths.pledge}/:id`, menuPath: paths.pledge, title: msg`Pledge details`, Page: EmptyPage },
  { path: paths.push, title: msg`Bank push`, Page: EmptyPage },
  { path: paths.pushPending, title: msg`Pending bank push`, Page: EmptyPage },
  { path: paths.quickPayments, title: msg`Quick payments`, Page: EmptyPage },
  { path: paths.requests, title: msg`Requests`, Page: EmptyPage },
  { path: `${paths.requests}/:id`, menuPath: paths.requests, title: msg`Request details`, Page: EmptyPage },
  { path: paths.settings, title: msg`Settings`, Page: EmptyPage },
  { path: paths.currencies, title: msg`Currencies`, Page: EmptyPage },
  { path: paths.offerings, title: msg`Offering types`, Page: EmptyPage },
  { path: paths.religions, title: msg`Religions`, Page: EmptyPage },
  { path: paths.roleGroups, title: msg`Role groups`, Page: EmptyPage },
  { path: paths.sms, title: msg`SMS`, Page: EmptyPage },
  { path: `${paths.sms}/:id`, menuPath: paths.sms, title: msg`SMS details`, Page: EmptyPage },
  { path: paths.stats, title: msg`Statistics`, Page: EmptyPage },
  { path: `${paths.stats}/:id`, menuPath: paths.stats, title: msg`Statistics`, Page: EmptyPage },
  { path: paths.structure, title: msg`Structure`, Page: EmptyPage },
  { path: `${paths.structure}/:id`, menuPath: paths.structure, title: msg`Structure`, Page: EmptyPage },
  { path: paths.transactions, title: msg`Transactions`, Page: EmptyPage },
  { path: paths.users, title: msg`Users`, Page: EmptyPage },
  { path: paths.reportsReferrals, title: msg`Referral report`, Page: EmptyPage },
  { path: paths.reportsRegistrations, title: msg`Registered institutions report`, Page: EmptyPage },
];
