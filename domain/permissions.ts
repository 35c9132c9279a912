/**
 * Features and actions that role groups grant. The server checks them on every route; the client's
 * menu and buttons follow them as a convenience only.
 */
export const ACTIONS = ['view', 'create', 'update', 'delete', 'approve', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const FEATURES = [
  'dashboard',
  'entityDashboard',
  'structure',
  'members',
  'groups',
  'offerings',
  'pledges',
  'cashReceipts',
  'transactions',
  'push',
  'quickPayments',
  'sms',
  'stats',
  'requests',
  'users',
  'roleGroups',
  'branches',
  'religions',
  'currencies',
  'bankAccounts',
  'reports',
  'activities',
  'logViewer',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Wire form of a permission, as the spec's profile carries it: a name and a comma list of actions. */
export type PermissionEntry = { name: Feature; permissions: string };
export type Grants = Partial<Record<Feature, readonly Action[]>>;

export function toPermissionEntries(grants: Grants): PermissionEntry[] {
  return FEATURES.flatMap((name) => {
    const actions = grants[name];
    return actions && actions.length > 0 ? [{ name, permissions: actions.join(',') }] : [];
  });
}

export function can(entries: readonly PermissionEntry[], feature: Feature, action: Action): boolean {
  const entry = entries.find((candidate) => candidate.name === feature);
  return entry ? entry.permissions.split(',').includes(action) : false;
}

/** Who a user is, for scoping: bank staff (admin has no branch) or an entity user at some level. */
export const USER_TYPES = ['bank', 'entity'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const ROLE_KINDS = ['admin', 'branch', 'union', 'field', 'district', 'church', 'mosque'] as const;
export type RoleKind = (typeof ROLE_KINDS)[number];
