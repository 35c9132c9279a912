import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import { institutions } from '../../db/schema/institutions';
import { collectionRollup } from '../../db/schema/read-model';
import type { AuthUser } from './auth-user';

/**
 * The institutions a user may see, as a condition on `institutions` for any query that joins it:
 * an admin sees the active religion (everything until one is chosen), a branch user its branch,
 * an entity user its institution and every level below it (path prefix, indexed). `table` names an
 * alias when a query joins `institutions` more than once.
 */
export function institutionScope(user: AuthUser, table: { religionId: Column; branchId: Column; path: Column } = institutions): SQL {
  switch (user.roleKind) {
    case 'admin':
      return user.religionId === null ? sql`true` : eq(table.religionId, user.religionId);
    case 'branch':
      return user.branchId === null ? sql`false` : eq(table.branchId, user.branchId);
    default:
      // Paths are built from integer ids ("/1/4/9/"), so they carry no LIKE wildcards; refuse anything else.
      if (!user.institutionPath || !/^(\/\d+)+\/$/.test(user.institutionPath)) return sql`false`;
      return sql`${table.path} like ${`${user.institutionPath}%`}`;
  }
}

/** A short label of the scope, for dashboards ("all", a religion, a branch or an institution id). */
export function scopeLabel(user: AuthUser): string {
  if (user.roleKind === 'admin') return user.religionId === null ? 'all' : `religion:${user.religionId}`;
  if (user.roleKind === 'branch') return `branch:${user.branchId}`;
  return `institution:${user.institutionId}`;
}

/** True when the scope is everything (a bank admin before choosing a religion): queries may skip joining `institutions`. */
export function isUnscoped(user: AuthUser): boolean {
  return user.roleKind === 'admin' && user.religionId === null;
}

/** The columns every rollup of the read model keeps its rows by: religion and bank branch (0 when none). */
export type RollupColumns = { religionId: Column; branchId: Column };

/**
 * The caller's scope as a condition on a rollup (`table`: the unscoped rollup of migration 0018 unless
 * named, or one of the bank's rollups of 0043) when it is the whole bank, a religion or a branch; null
 * for entity users, whose subtree is read per institution.
 */
export function rollupScope(user: AuthUser, table: RollupColumns = collectionRollup): SQL | null {
  if (user.roleKind === 'admin') return user.religionId === null ? sql`true` : eq(table.religionId, user.religionId);
  if (user.roleKind === 'branch') return user.branchId === null ? sql`false` : eq(table.branchId, user.branchId);
  return null;
}

/** A caller's scope on any rollup table, for code that reads more than one. */
export type RollupScope = (table: RollupColumns) => SQL;

/** rollupScope for whichever rollup is read; null for entity users. */
export function rollupScopeOf(user: AuthUser): RollupScope | null {
  return rollupScope(user) === null ? null : (table) => rollupScope(user, table) ?? sql`false`;
}
