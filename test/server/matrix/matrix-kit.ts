import type { TestApp } from '../harness';
import type { World } from '../../factories/world';

export const ROLES = ['anonymous', 'admin', 'branch', 'union', 'church', 'mosque', 'mustChange'] as const;
export type Role = (typeof ROLES)[number];

/**
 * One route's row. `url` overrides the path (for routes whose `:id` must be a number, or an id from
 * the world, to get past validation); `payload` is the body. Requests are valid, so a status other
 * than 401/403 means the caller got through.
 */
export type Row = {
  payload?: object | ((ctx: MatrixContext) => object);
  url?: string | ((ctx: MatrixContext) => string);
  headers?: () => Record<string, string>;
  expect: Record<Role, number>;
};

/** What a row's dynamic payload or url can read: the app and the world the matrix built. */
export type MatrixContext = { t: TestApp; w: World; data: Record<string, unknown> };

/**
 * One area's rows, each in its own file (test/server/matrix/rows-*.ts) so parallel work never edits
 * the same list. `setup` runs once after the world is built, to create what the rows refer to.
 */
export type MatrixArea = { name: string; rows: Record<string, Row>; setup?: (ctx: MatrixContext) => Promise<void> };

/** Expected status per role, in ROLES order; mustChange = a church user who has not changed the default password. */
export const s = (...codes: number[]): Record<Role, number> => Object.fromEntries(ROLES.map((role, i) => [role, codes[i]!])) as Record<Role, number>;
export const everyone = (code: number) => s(...ROLES.map(() => code));
export const signedInRoutes = (code: number, mustChange = 403) => s(401, code, code, code, code, code, mustChange);
