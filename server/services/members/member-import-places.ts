import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportPlaces } from '../../../domain/api/members';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

const PLACE_ROWS = 20;

/**
 * The import's church picker for union, field and district users (ADR 053): active institutions of
 * the caller's subtree whose level holds members, by any part of the title or the start of the code.
 * The same conditions importMembers checks, so every place offered is one the upload accepts.
 * The staff list's church filter asks the same with `activeOnly: false` (a suspended church still has members).
 */
export async function importPlaces(db: Db, user: AuthUser, search: string | undefined, { activeOnly = true } = {}): Promise<ImportPlaces> {
  const word = (search ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(
      and(
        institutionScope(user),
        activeOnly ? eq(institutions.status, 'active') : undefined,
        eq(institutionLevels.holdsMembers, true),
        word ? sql`(lower(${institutions.title}) like ${`%${word}%`} or lower(${institutions.code}) like ${`${word}%`})` : undefined,
      ),
    )
    .orderBy(asc(institutions.title), asc(institutions.id))
    .limit(PLACE_ROWS);
  return { data: rows };
}
