import type { Action, Feature, Grants, RoleKind, UserType } from '../../../domain/permissions';

/** Who is calling, as every service sees it: enough to check grants and scope queries without another lookup. */
export type AuthUser = {
  id: number;
  username: string;
  name: string;
  userType: UserType;
  roleKind: RoleKind;
  branchId: number | null;
  institutionId: number | null;
  /** Materialised path of the user's institution ("/1/4/9/"), null for bank staff. */
  institutionPath: string | null;
  /**
   * The zone the user's days are in (ADR 077): their institution's for entity users, East Africa
   * Time for bank staff, who look across institutions.
   */
  timeZone: string;
  /** Effective religion: the admin's chosen one, else the institution's. */
  religionId: number | null;
  grants: Grants;
  forceChangePassword: boolean;
  totpEnabled: boolean;
};

export type RequestAuth = { user: AuthUser; sessionId: string };

export function hasGrant(user: AuthUser, feature: Feature, action: Action): boolean {
  return user.grants[feature]?.includes(action) ?? false;
}

export function isBankAdmin(user: AuthUser): boolean {
  return user.userType === 'bank' && user.branchId === null;
}
