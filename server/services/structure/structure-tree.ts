import { and, asc, eq, exists, gt, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { InstitutionRef, StructureNode, StructurePage, StructureQuery } from '../../../domain/api/structure';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { decodeCursor, encodeCursor } from './keyset';
import { countsBranchOf, subtreeCounts } from './subtree-counts';

const DEFAULT_PAGE = 50;
const parent = alias(institutions, 'parent_institution');
const child = alias(institutions, 'child_institution');

/** Lower-case prefix, with LIKE's wildcards taken literally. */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Where the caller's tree starts: an admin's roots (no parent) in the active religion; a branch
 * user's institutions of the branch whose parent is not (usually its churches); an entity user's own.
 */
function topOfScope(user: AuthUser): SQL {
  if (user.roleKind === 'admin') return isNull(institutions.parentId);
  if (user.roleKind === 'branch') {
    const inBranch = sql`exists (select 1 from institutions p where p.id = ${institutions.parentId} and p.branch_id = ${user.branchId})`;
    return or(isNull(institutions.parentId), sql`not ${inBranch}`) as SQL;
  }
  return user.institutionId === null ? sql`false` : eq(institutions.id, user.institutionId);
}

function nodeSelect(db: Db) {
  return db
    .select({
      id: institutions.id,
      title: institutions.title,
      code: institutions.code,
      status: institutions.status,
      parentId: institutions.parentId,
      path: institutions.path,
      parentTitle: parent.title,
      level: { id: institutionLevels.id, nameEn: institutionLevels.nameEn, nameSw: institutionLevels.nameSw, rank: institutionLevels.rank, holdsMembers: institutionLevels.holdsMembers },
      hasChildren: exists(db.select({ one: sql`1` }).from(child).where(eq(child.parentId, institutions.id))).mapWith(Boolean),
    })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .leftJoin(parent, eq(parent.id, institutions.parentId));
}

type NodeRow = Awaited<ReturnType<ReturnType<typeof nodeSelect>['where']>>[number];

async function withCounts(db: Db, user: AuthUser, rows: NodeRow[], now: Date): Promise<StructureNode[]> {
  const counts = await subtreeCounts(db, rows, now, countsBranchOf(user));
  return rows.map(({ path: _path, ...row }) => ({ ...row, ...counts.get(row.id)! }));
}

/**
 * One page of the tree: a node's children, the caller's top nodes, or institutions anywhere in
 * scope whose name or code starts with the search. Sorted by title then id, paged by keyset.
 */
export async function structurePage(db: Db, user: AuthUser, query: z.output<typeof StructureQuery>, now: Date): Promise<StructurePage> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const after = decodeCursor(query.after);
  let opened: StructurePage['parent'] = null;
  let where: SQL;
  if (query.search !== undefined) {
    const pattern = prefixPattern(query.search);
    where = or(like(sql`lower(${institutions.title})`, pattern), like(sql`lower(${institutions.code})`, pattern)) as SQL;
    if (query.parentId !== undefined) where = and(where, like(institutions.path, `${(await openNode(db, user, query.parentId, now)).path}%`)) as SQL;
  } else if (query.parentId !== undefined) {
    const node = await openNode(db, user, query.parentId, now);
    opened = { node: node.node, ancestors: node.ancestors };
    where = eq(institutions.parentId, query.parentId);
  } else {
    where = topOfScope(user);
  }
  const keyset = after ? (or(gt(institutions.title, after.title), and(eq(institutions.title, after.title), gt(institutions.id, after.id))) as SQL) : undefined;
  const rows = await nodeSelect(db)
    .where(and(where, institutionScope(user), keyset))
    .orderBy(asc(institutions.title), asc(institutions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { parent: opened, data: await withCounts(db, user, page, now), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** A node in the caller's scope with its counts and its ancestors inside the scope; 404 otherwise. */
export async function openNode(db: Db, user: AuthUser, id: number, now: Date): Promise<{ node: StructureNode; ancestors: InstitutionRef[]; path: string }> {
  const [row] = await nodeSelect(db).where(and(eq(institutions.id, id), institutionScope(user)));
  if (!row) throw errors.notFound();
  const [node] = await withCounts(db, user, [row], now);
  return { node: node!, ancestors: await ancestorsInScope(db, user, row.path, id), path: row.path };
}

/** The chain above an institution from its path ("/1/4/9/"), top first, only what the caller may see. */
export async function ancestorsInScope(db: Db, user: AuthUser, path: string, id: number): Promise<InstitutionRef[]> {
  const ids = path
    .split('/')
    .filter((part) => part !== '')
    .map(Number)
    .filter((value) => Number.isInteger(value) && value !== id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code })
    .from(institutions)
    .where(and(inArray(institutions.id, ids), institutionScope(user)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((ancestor) => (byId.has(ancestor) ? [byId.get(ancestor)!] : []));
}
