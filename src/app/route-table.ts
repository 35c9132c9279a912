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
const OutboxPage = lazyPage(() => import('../features/outbox/outbox-page'), (m) => m.OutboxPage);
const CashReceiptPage = lazyPage(() => import('../features/cash-receipts/cash-receipt-page'), (m) => m.CashReceiptPage);
const MembersPage = lazyPage(() => import('../features/members/members-page'), (m) => m.MembersPage);
const MemberDetailPage = lazyPage(() => import('../features/members/member-detail-page'), (m) => m.MemberDetailPage);
const MemberTransfersPage = lazyPage(() => import('../features/members/member-transfers-page'), (m) => m.MemberTransfersPage);
// Bank back office (issue 5).
const RegistrationPage = lazyPage(() => import('../features/registration/registration-page'), (m) => m.RegistrationPage);
const PreviewPage = lazyPage(() => import('../features/registration/preview-page'), (m) => m.PreviewPage);
const RequestNewAccountPage = lazyPage(() => import('../features/registration/request-new-account-page'), (m) => m.RequestNewAccountPage);
const RequestsPage = lazyPage(() => import('../features/requests/requests-page'), (m) => m.RequestsPage);
const RequestDetailPage = lazyPage(() => import('../features/requests/request-detail-page'), (m) => m.RequestDetailPage);
const UsersPage = lazyPage(() => import('../features/users/users-page'), (m) => m.UsersPage);
const BranchesPage = lazyPage(() => import('../features/reference/branches-page'), (m) => m.BranchesPage);
const ReligionsPage = lazyPage(() => import('../features/reference/religions-page'), (m) => m.ReligionsPage);
const CurrenciesPage = lazyPage(() => import('../features/reference/currencies-page'), (m) => m.CurrenciesPage);
const BankAccountsPage = lazyPage(() => import('../features/reference/bank-accounts-page'), (m) => m.BankAccountsPage);
const RoleGroupsPage = lazyPage(() => import('../features/reference/role-groups-page'), (m) => m.RoleGroupsPage);
const ReferralsReportPage = lazyPage(() => import('../features/reports/referrals-report-page'), (m) => m.ReferralsReportPage);
const StatsPage = lazyPage(() => import('../features/stats/stats-page'), (m) => m.StatsPage);
const RegistrationsReportPage = lazyPage(() => import('../features/reports/registrations-report-page'), (m) => m.RegistrationsReportPage);
const ActivitiesPage = lazyPage(() => import('../features/activity/activities-page'), (m) => m.ActivitiesPage);
const LogViewerPage = lazyPage(() => import('../features/activity/log-viewer-page'), (m) => m.LogViewerPage);
const PledgesPage = lazyPage(() => import('../features/pledges/pledges-page'), (m) => m.PledgesPage);
const PledgeDetailPage = lazyPage(() => import('../features/pledges/pledge-detail-page'), (m) => m.PledgeDetailPage);
const TransactionsPage = lazyPage(() => import('../features/payments/transactions-page'), (m) => m.TransactionsPage);
const PushPage = lazyPage(() => import('../features/payments/push-page'), (m) => m.PushPage);
const QuickPaymentsPage = lazyPage(() => import('../features/payments/push-page'), (m) => m.QuickPaymentsPage);
const PendingPushesPage = lazyPage(() => import('../features/payments/pending-pushes-page'), (m) => m.PendingPushesPage);
const BankTransfersPage = lazyPage(() => import('../features/payments/bank-transfers-page'), (m) => m.BankTransfersPage);
const FailedCreditsPage = lazyPage(() => import('../features/payments/failed-credits-page'), (m) => m.FailedCreditsPage);
const SettlementsPage = lazyPage(() => import('../features/payments/settlements-page'), (m) => m.SettlementsPage);
const ZonesPage = lazyPage(() => import('../features/zones/zones-page'), (m) => m.ZonesPage);
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'), (m) => m.SettingsPage);
const StructurePage = lazyPage(() => import('../features/structure/structure-page'), (m) => m.StructurePage);
const EntityPage = lazyPage(() => import('../features/structure/entity-page'), (m) => m.EntityPage);
const AffiliationPage = lazyPage(() => import('../features/structure/affiliation-page'), (m) => m.AffiliationPage);
const LevelsPage = lazyPage(() => import('../features/structure/levels-page'), (m) => m.LevelsPage);
const OfferingsPage = lazyPage(() => import('../features/offerings/offerings-page'), (m) => m.OfferingsPage);
// SMS (issue 14).
const SmsPage = lazyPage(() => import('../features/sms/sms-page'), (m) => m.SmsPage);
const SmsCampaignPage = lazyPage(() => import('../features/sms/sms-campaign-page'), (m) => m.SmsCampaignPage);

/**
 * Pages anyone may open; they render without the signed-in shell. The giving page
 * (/give-offerings) is not here: it is its own light entry, give.html (src/give).
 */
export const publicRoutes: PageRoute[] = [
  { path: paths.login, title: msg`Sign in`, Page: SignInPage },
  { path: paths.locked, title: msg`Locked`, Page: LockedPage },
  { path: paths.reset, title: msg`Forgot password`, Page: ResetPage },
  { path: `${paths.reset}/:id`, title: msg`Set a new password`, Page: ResetLinkPage },
  { path: paths.registration, title: msg`Register a church or mosque`, Page: RegistrationPage },
  { path: paths.preview, title: msg`Registration preview`, Page: PreviewPage },
  { path: paths.requestNewAccount, title: msg`Change institution details`, Page: RequestNewAccountPage },
];

/** Signed-in pages; `menuPath` is the menu entry that grants a parameterised page. */
export const shellRoutes: PageRoute[] = [
  { path: paths.dashboard, title: msg`Dashboard`, Page: DashboardPage },
  { path: paths.entityDashboard, title: msg`Dashboard`, Page: DashboardPage },
  { path: paths.profile, title: msg`My profile`, Page: ProfilePage },
  { path: paths.searchResult, title: msg`Search results`, Page: SearchResultPage },
  { path: paths.noPermission, title: msg`No permission`, Page: NoPermissionPage },
  { path: paths.activities, title: msg`Activity logs`, Page: ActivitiesPage },
  { path: `${paths.affiliation}/:id?`, menuPath: paths.affiliation, title: msg`Affiliation`, Page: AffiliationPage },
  { path: paths.bankAccounts, title: msg`Bank accounts`, Page: BankAccountsPage },
  { path: paths.branches, title: msg`Branches`, Page: BranchesPage },
  { path: paths.cashReceipt, title: msg`Cash receipts`, Page: CashReceiptPage },
  { path: `${paths.entity}/:id?`, menuPath: paths.entity, title: msg`Churches and mosques`, Page: EntityPage },
  { path: paths.groups, title: msg`Zones and groups`, Page: ZonesPage },
  { path: paths.logViewer, title: msg`History log`, Page: LogViewerPage },
  { path: paths.members, title: msg`Members`, Page: MembersPage },
  { path: paths.memberTransfers, menuPath: paths.members, title: msg`Member transfers`, Page: MemberTransfersPage },
  { path: `${paths.members}/:id`, menuPath: paths.members, title: msg`Member details`, Page: MemberDetailPage },
  { path: paths.outbox, title: msg`Unsent records`, Page: OutboxPage },
  { path: paths.pledge, title: msg`Pledges`, Page: PledgesPage },
  { path: `${paths.pledge}/:id`, menuPath: paths.pledge, title: msg`Pledge details`, Page: PledgeDetailPage },
  { path: paths.push, title: msg`Bank push`, Page: PushPage },
  { path: paths.pushPending, title: msg`Pending bank push`, Page: PendingPushesPage },
  { path: paths.quickPayments, title: msg`Quick payments`, Page: QuickPaymentsPage },
  { path: paths.requests, title: msg`Requests`, Page: RequestsPage },
  { path: `${paths.requests}/:id`, menuPath: paths.requests, title: msg`Request details`, Page: RequestDetailPage },
  { path: paths.settings, title: msg`Settings`, Page: SettingsPage },
  { path: paths.currencies, title: msg`Currencies`, Page: CurrenciesPage },
  { path: paths.offerings, title: msg`Offering types`, Page: OfferingsPage },
  { path: paths.religions, title: msg`Religions`, Page: ReligionsPage },
  { path: paths.levels, title: msg`Levels and custom fields`, Page: LevelsPage },
  { path: paths.roleGroups, title: msg`Role groups`, Page: RoleGroupsPage },
  { path: paths.sms, title: msg`SMS`, Page: SmsPage },
  { path: `${paths.sms}/:id`, menuPath: paths.sms, title: msg`SMS details`, Page: SmsCampaignPage },
  { path: paths.stats, title: msg`Statistics`, Page: StatsPage },
  { path: `${paths.stats}/:id`, menuPath: paths.stats, title: msg`Statistics`, Page: StatsPage },
  { path: paths.structure, title: msg`Structure`, Page: StructurePage },
  { path: `${paths.structure}/:id`, menuPath: paths.structure, title: msg`Structure`, Page: StructurePage },
  { path: paths.transactions, title: msg`Transactions`, Page: TransactionsPage },
  { path: paths.failedCredits, menuPath: paths.transactions, title: msg`Failed credits`, Page: FailedCreditsPage },
  { path: paths.bankTransfers, title: msg`Bank transfers`, Page: BankTransfersPage },
  { path: paths.settlements, menuPath: paths.transactions, title: msg`Settlement history`, Page: SettlementsPage },
  { path: paths.users, title: msg`Users`, Page: UsersPage },
  { path: paths.reportsReferrals, title: msg`Referral report`, Page: ReferralsReportPage },
  { path: paths.reportsRegistrations, title: msg`Registered institutions report`, Page: RegistrationsReportPage },
];
