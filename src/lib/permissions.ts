import { t } from '@lingui/core/macro';
import type { Profile } from '../../domain/api/auth';
import type { MenuItem } from '../../domain/api/shell';
import { ALWAYS_ALLOWED_PATHS } from '../../domain/paths';
import { can, type Action, type Feature } from '../../domain/permissions';
import { showToast } from './toast';

/** Spec section 6: a signed-in page is open only if the stored menu lists it (or it is always allowed). */
export function isPathAllowed(menuPath: string, menu: readonly MenuItem[]): boolean {
  if (ALWAYS_ALLOWED_PATHS.includes(menuPath)) return true;
  return menu.some((item) => item.target === menuPath || (item.children ?? []).some((child) => child.target === menuPath));
}

export function canDo(profile: Pick<Profile, 'permissions'> | null | undefined, feature: Feature, action: Action): boolean {
  return profile ? can(profile.permissions, feature, action) : false;
}

/** For buttons: returns whether the action may go ahead and tells the person when it may not. */
export function ensureAllowed(profile: Pick<Profile, 'permissions'> | null | undefined, feature: Feature, action: Action): boolean {
  if (canDo(profile, feature, action)) return true;
  showToast({ tone: 'error', message: t`You have no permission to perform this task` });
  return false;
}

export type UserKind = 'admin' | 'branch' | 'entity';

/** Bank staff have no level; an admin has no branch either. */
export function userKind(profile: Pick<Profile, 'level' | 'branch'>): UserKind {
  if (profile.level !== null) return 'entity';
  return profile.branch === null ? 'admin' : 'branch';
}

/** Where a person lands after signing in: their dashboard when the menu has it, else the first menu page. */
export function landingPath(profile: Pick<Profile, 'level' | 'force_change_password'>, menu: readonly MenuItem[], dashboards: { bank: string; entity: string; profile: string }): string {
  if (profile.force_change_password) return dashboards.profile;
  const preferred = profile.level === null ? dashboards.bank : dashboards.entity;
  if (isPathAllowed(preferred, menu)) return preferred;
  const first = menu[0];
  return first ? (first.children?.[0]?.target ?? first.target) : dashboards.profile;
}
