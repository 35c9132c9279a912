import { and, asc, eq, gt, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { InstitutionExportQuery, InstitutionList, InstitutionListItem, InstitutionListQuery } from '../../../domain/api/structure';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { bankBranches, institutionLevels, religions } from '../../db/schema/reference';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { decodeCursor, encodeCursor } from './keyset';
import { prefixPattern } from './structure-tree';

const DEFAULT_PAGE = 50;
/** An export is a working list, not a dump: past this many rows, narrow the filters. */
export const INSTITUTION_EXPORT_CAP = 20_000;
const parent = alias(institutions, 'parent_institution');

type Filters = Omit<z.output<typeof InstitutionListQuery>, 'after' | 'limit'>;

function filterCondition(user: AuthUser, filters: Filters): SQL {
  const pattern = filters.search === undefined ? undefined : prefixPattern(filters.search);
  return and(
    institutionScope(user),
    filters.levelId === undefined ? undefined : eq(institutions.levelId, filters.levelId),
    filters.status === undefined ? undefined : eq(institutions.status, filters.status),
    filters.branchId === undefined ? undefined : eq(institutions.branchId, filters.branchId),
    filters.religionId === undefined ? undefined : eq(institutions.religionId, filters.religionId),
    filters.region === undefined ? undefined : eq(sql`lower(${institutions.region})`, filters.region.toLowerCase()),
    pattern === undefined ? undefined : or(like(sql`lower(${institutions.title})`, pattern), like(sql`lower(${institutions.code})`, pattern)),
  ) as SQL;
}

function listSelect(db: Db) {
  return db
    .select({
      id: institutions.id,
      title: institutions.title,
      code: institutions.code,
      status: institutions.status,
      region: institutions.region,
      level: { id: institutionLevels.id, nameEn: institutionLevels.nameEn, nameSw: institutionLevels.nameSw, rank: institutionLevels.rank, holdsMembers: institutionLevels.holdsMembers },
      religion: { id: religions.id, nameEn: religions.nameEn, nameSw: religions.nameSw },
      branchId: bankBranches.id,
      branchName: bankBranches.name,
      parentId: parent.id,
      parentTitle: parent.title,
      parentCode: parent.code,
    })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .innerJoin(religions, eq(religions.id, institutions.religionId))
    .leftJoin(bankBranches, eq(bankBranches.id, institutions.branchId))
    .leftJoin(parent, eq(parent.id, institutions.parentId));
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['where']>>[number];

function toItem(row: ListRow): InstitutionListItem {
  return {
    id: row.id,
    title: row.title,
    code: row.code,
    status: row.status,
    region: row.region,
    level: row.level,
    religion: row.religion,
    branch: row.branchId === null || row.branchName === null ? null : { id: row.branchId, name: row.branchName },
    parent: row.parentId === null || row.parentTitle === null || row.parentCode === null ? null : { id: row.parentId, title: row.parentTitle, code: row.parentCode },
  };
}

/** The staff list of institutions in scope (/entity), by title then id, paged by keyset. */
export async function listInstitutions(db: Db, user: AuthUser, query: z.output<typeof InstitutionListQuery>): Promise<InstitutionList> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const after = decodeCursor(query.after);
  const keyset = after ? or(gt(institutions.title, after.title), and(eq(institutions.title, after.title), gt(institutions.id, after.id))) : undefined;
  const rows = await listSelect(db)
    .where(and(filterCondition(user, query), keyset))
    .orderBy(asc(institutions.title), asc(institutions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Every row the filters match (up to the cap), for the export writer; `more` says the cap cut it. */
export async function institutionsForExport(db: Db, user: AuthUser, query: z.output<typeof InstitutionExportQuery>): Promise<{ rows: InstitutionListItem[]; more: boolean }> {
  const rows = await listSelect(db)
    .where(filterCondition(user, query))
    .orderBy(asc(institutions.title), asc(institutions.id))
    .limit(INSTITUTION_EXPORT_CAP + 1);
  return { rows: rows.slice(0, INSTITUTION_EXPORT_CAP).map(toItem), more: rows.length > INSTITUTION_EXPORT_CAP };
}

/** One institution as the list shows it (the caller has checked the scope). */
export async function findInstitutionItem(db: Db, id: number): Promise<InstitutionListItem> {
  const [row] = await listSelect(db).where(eq(institutions.id, id));
  return toItem(row!);
}
