import { and, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

export type ReportRoot = { id: number; title: string; path: string; timeZone: string };

/**
 * The institution a report is about: the one asked for, else the caller's own (entity users), else
 * none (bank staff over their whole scope). One outside the caller's scope is "not found", never a
 * hint that it exists. Its zone decides what the report's days mean.
 */
export async function reportRoot(db: Db, user: AuthUser, institutionId: number | undefined): Promise<ReportRoot | null> {
  const id = institutionId ?? user.institutionId;
  if (id === null || id === undefined) return null;
  const [row] = await db
    .select({ id: institutions.id, title: institutions.title, path: institutions.path, timeZone: institutions.timeZone })
    .from(institutions)
    .where(and(eq(institutions.id, id), institutionScope(user)));
  if (!row) throw errors.notFound();
  return row;
}

export function zoneOf(root: ReportRoot | null): string {
  return root?.timeZone ?? DEFAULT_TIME_ZONE;
}
