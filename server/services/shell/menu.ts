import type { MenuIcon } from '../../../domain/menu-icons';
import type { MenuItem } from '../../../domain/api/shell';
import { type MenuLabelKey, menuLabels } from '../../../domain/menu-labels';
import { paths } from '../../../domain/paths';
import type { Feature } from '../../../domain/permissions';
import { type AuthUser, hasGrant } from '../auth/auth-user';

type Translate = (descriptor: { id: string; message: string }) => string;
type Leaf = { key: MenuLabelKey; target: string; feature: Feature; bankOnly?: boolean; entityOnly?: boolean };
/** `hub`: a first child that opens the group's own overview page, offered when any other child is. */
type Entry = { key: MenuLabelKey; icon: MenuIcon; target?: string; feature?: Feature; children?: Leaf[]; hub?: { key: MenuLabelKey; target: string }; bankOnly?: boolean; entityOnly?: boolean };

/** The side menu in a fixed order; each entry shows only when the role group grants 'view' on its feature. */
const MENU: Entry[] = [
  { key: 'dashboard', icon: 'dashboard', target: paths.dashboard, feature: 'dashboard', bankOnly: true },
  { key: 'dashboard', icon: 'dashboard', target: paths.entityDashboard, feature: 'entityDashboard', entityOnly: true },
  { key: 'structure', icon: 'structure', target: paths.structure, feature: 'structure' },
  { key: 'institutions', icon: 'church', target: paths.entity, feature: 'structure' },
  // Where an institution belongs and its moves (ADR 052): whoever sees the structure; asking is checked by the server.
  { key: 'affiliation', icon: 'structure', target: paths.affiliation, feature: 'structure' },
  { key: 'members', icon: 'members', target: paths.members, feature: 'members' },
  { key: 'groups', icon: 'groups', target: paths.groups, feature: 'groups' },
  { key: 'cashReceipts', icon: 'cash', target: paths.cashReceipt, feature: 'cashReceipts' },
  {
    key: 'payments',
    icon: 'transactions',
    children: [
      { key: 'transactions', target: paths.transactions, feature: 'transactions' },
      { key: 'push', target: paths.push, feature: 'push' },
      { key: 'pushPending', target: paths.pushPending, feature: 'push' },
      { key: 'bankTransfers', target: paths.bankTransfers, feature: 'bankAccounts', bankOnly: true },
      { key: 'quickPayments', target: paths.quickPayments, feature: 'quickPayments' },
    ],
  },
  { key: 'pledges', icon: 'pledge', target: paths.pledge, feature: 'pledges' },
  { key: 'sms', icon: 'sms', target: paths.sms, feature: 'sms' },
  { key: 'stats', icon: 'stats', target: paths.stats, feature: 'stats' },
  { key: 'requests', icon: 'requests', target: paths.requests, feature: 'requests' },
  { key: 'users', icon: 'users', target: paths.users, feature: 'users' },
  {
    key: 'reports',
    icon: 'reports',
    children: [
      { key: 'reportsReferrals', target: paths.reportsReferrals, feature: 'reports', bankOnly: true },
      { key: 'reportsRegistrations', target: paths.reportsRegistrations, feature: 'reports' },
    ],
  },
  {
    key: 'settings',
    icon: 'settings',
    hub: { key: 'settingsHub', target: paths.settings },
    children: [
      { key: 'offerings', target: paths.offerings, feature: 'offerings' },
      { key: 'currencies', target: paths.currencies, feature: 'currencies' },
      { key: 'religions', target: paths.religions, feature: 'religions' },
      // Levels and their custom fields are the bank administrators' (ADR 047); religions:view shows the way.
      { key: 'levels', target: paths.levels, feature: 'religions', bankOnly: true },
      { key: 'branches', target: paths.branches, feature: 'branches' },
      { key: 'bankAccounts', target: paths.bankAccounts, feature: 'bankAccounts' },
      { key: 'roleGroups', target: paths.roleGroups, feature: 'roleGroups' },
    ],
  },
  { key: 'activities', icon: 'activity', target: paths.activities, feature: 'activities' },
  { key: 'logViewer', icon: 'logs', target: paths.logViewer, feature: 'logViewer' },
];

function fits(user: AuthUser, item: { feature?: Feature; bankOnly?: boolean; entityOnly?: boolean }): boolean {
  if (item.bankOnly && user.userType !== 'bank') return false;
  if (item.entityOnly && user.userType !== 'entity') return false;
  return item.feature === undefined || hasGrant(user, item.feature, 'view');
}

/** Built on the server from the grants, so the menu never offers what the server would refuse. */
export function buildMenu(user: AuthUser, t: Translate): MenuItem[] {
  const items: MenuItem[] = [];
  for (const entry of MENU) {
    if (!fits(user, entry)) continue;
    if (!entry.children) {
      items.push({ key: entry.key, icon: entry.icon, text: t(menuLabels[entry.key]), target: entry.target ?? '/' });
      continue;
    }
    const children = entry.children
      .filter((child) => fits(user, child))
      .map((child) => ({ key: child.key, text: t(menuLabels[child.key]), target: child.target }));
    if (entry.hub && children.length > 0) children.unshift({ key: entry.hub.key, text: t(menuLabels[entry.hub.key]), target: entry.hub.target });
    const first = children[0];
    if (!first) continue;
    items.push({ key: entry.key, icon: entry.icon, text: t(menuLabels[entry.key]), target: first.target, children });
  }
  return items;
}
