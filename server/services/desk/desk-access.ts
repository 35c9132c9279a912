import { and, eq } from 'drizzle-orm';
import type { Action, Feature } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

export type ScopedInstitution = { id: number; code: string; title: string; path: string; status: string; timeZone: string };

/**
 * Routes whose readers come from more than one role group declare `access: 'user'` and call this:
 * a route's `config.access` names one grant, but the desk's history is read by the treasurers who
 * record it (cashReceipts) as well as by bank staff and unions who oversee it (transactions).
 */
export function requireAnyGrant(user: AuthUser, grants: ReadonlyArray<readonly [Feature, Action]>): void {
  if (!grants.some(([feature, action]) => hasGrant(user, feature, action))) throw errors.forbidden();
}

/** Who may read the desk's reference data, batches and history. */
export const DESK_READERS = [['cashReceipts', 'view'], ['transactions', 'view']] as const;
export const DESK_REFERENCE_READERS = [...DESK_READERS, ['offerings', 'view']] as const;
export const DESK_EXPORTERS = [['cashReceipts', 'export'], ['transactions', 'export']] as const;

/** The institution when the user's scope covers it, else null (out of scope and unknown look the same). */
export async function findScopedInstitution(db: Db, user: AuthUser, institutionId: number): Promise<ScopedInstitution | null> {
  const [row] = await db
    .select({ id: institutions.id, code: institutions.code, title: institutions.title, path: institutions.path, status: institutions.status, timeZone: institutions.timeZone })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), institutionScope(user)));
  return row ?? null;
}

/** For read routes given an institutionId: in scope, or a 403 that says nothing about whether it exists. */
export async function requireScopedInstitution(db: Db, user: AuthUser, institutionId: number): Promise<ScopedInstitution> {
  const row = await findScopedInstitution(db, user, institutionId);
  if (!row) throw errors.forbidden();
  return row;
}

/**
 * Caches per sync request: a batch of 100 receipts for one church asks about the same
 * institution 100 times; one lookup per id is enough (the scope of a request does not change).
 */
export function scopedInstitutionCache(db: Db, user: AuthUser) {
  const seen = new Map<number, Promise<ScopedInstitution | null>>();
  return (institutionId: number) => {
    let found = seen.get(institutionId);
    if (!found) {
      found = findScopedInstitution(db, user, institutionId);
      seen.set(institutionId, found);
    }
    return found;
  };
}
