import { and, asc, desc, eq, like, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type AffiliationInput, type AffiliationView, MAX_PARENT_CANDIDATES, type ParentCandidates, type ParentCandidatesQuery } from '../../../domain/api/affiliation';
import type { AffiliationPayload } from '../../../domain/api/back-office';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema/approvals';
import { institutionAffiliations, institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { submitRequest } from '../approvals/submit-request';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { prefixPattern } from '../structure/structure-tree';
import { countsBranchOf, subtreeCounts } from '../structure/subtree-counts';
import { loadMoveEnd, type MoveEnd, moveRefusal } from './move-rules';

const HISTORY_ROWS = 50;
const fromParent = alias(institutions, 'from_parent');
const toParent = alias(institutions, 'to_parent');
const subjectOf = (id: number) => `affiliation:${id}`;

/**
 * Who may ask for a move: bank staff who make requests, for institutions in their scope; entity
 * staff who manage the structure (union, field), for institutions strictly below their own (moving
 * their own institution would take it out of their hands). The checker is always bank staff.
 */
function mayAskMove(user: AuthUser, institution: { id: number }): boolean {
  if (user.userType === 'bank') return hasGrant(user, 'requests', 'create');
  return hasGrant(user, 'structure', 'update') && user.institutionId !== institution.id;
}

/** The institution if the caller sees it; unknown and out of scope are the same 404. */
async function visibleEnd(db: Db, user: AuthUser, id: number): Promise<MoveEnd> {
  const [visible] = await db.select({ id: institutions.id }).from(institutions).where(and(eq(institutions.id, id), institutionScope(user)));
  const end = visible ? await loadMoveEnd(db, id) : undefined;
  if (!end) throw errors.notFound();
  return end;
}

async function pendingMove(db: Db, id: number) {
  const [row] = await db
    .select({ id: approvalRequests.id, payload: approvalRequests.payload, createdAt: approvalRequests.createdAt, makerName: users.name })
    .from(approvalRequests)
    .leftJoin(users, eq(users.id, approvalRequests.makerId))
    .where(and(eq(approvalRequests.type, 'application'), eq(approvalRequests.subject, subjectOf(id)), eq(approvalRequests.status, 'requested')));
  return row;
}

const ref = (row: { id: number; title: string; code: string }) => ({ id: row.id, title: row.title, code: row.code });

/** GET /api/institutions/{id}/affiliation: where it belongs now, the move waiting for approval, and every earlier move. */
export async function affiliationView(ctx: AppContext, user: AuthUser, id: number): Promise<AffiliationView> {
  const db = ctx.database.db;
  const institution = await visibleEnd(db, user, id);
  const [parent, pending, history, counts] = await Promise.all([
    institution.parentId === null ? undefined : loadMoveEnd(db, institution.parentId),
    pendingMove(db, id),
    db
      .select({ row: institutionAffiliations, from: { id: fromParent.id, title: fromParent.title, code: fromParent.code }, to: { id: toParent.id, title: toParent.title, code: toParent.code }, movedByName: users.name })
      .from(institutionAffiliations)
      .leftJoin(fromParent, eq(fromParent.id, institutionAffiliations.fromParentId))
      .innerJoin(toParent, eq(toParent.id, institutionAffiliations.toParentId))
      .leftJoin(users, eq(users.id, institutionAffiliations.movedBy))
      .where(eq(institutionAffiliations.institutionId, id))
      .orderBy(desc(institutionAffiliations.movedAt), desc(institutionAffiliations.id))
      .limit(HISTORY_ROWS),
    subtreeCounts(db, [institution], ctx.now(), countsBranchOf(user)),
  ]);
  let pendingView: AffiliationView['pending'] = null;
  if (pending) {
    const payload = pending.payload as Partial<AffiliationPayload>;
    const target = typeof payload.toParentId === 'number' ? await loadMoveEnd(db, payload.toParentId) : undefined;
    pendingView = {
      requestId: pending.id,
      to: target ? ref(target) : { id: payload.toParentId ?? 0, title: payload.toParentTitle ?? '', code: '' },
      makerName: pending.makerName,
      createdAt: pending.createdAt.toISOString(),
    };
  }
  return {
    institution: { ...ref(institution), levelRank: institution.rank, institutionsBelow: counts.get(id)?.institutionsBelow ?? 0 },
    parent: parent ? ref(parent) : null,
    pending: pendingView,
    canRequest: institution.parentId !== null && pending === undefined && mayAskMove(user, institution),
    history: history.map((h) => ({
      id: h.row.id,
      from: h.from?.id == null ? null : { id: h.from.id, title: h.from.title, code: h.from.code },
      to: h.to,
      requestId: h.row.requestId,
      movedByName: h.movedByName,
      movedAt: h.row.movedAt.toISOString(),
    })),
  };
}

/** The parents it may move under: active, one level up, same religion, in the caller's scope, never inside its own subtree. */
export async function parentCandidates(ctx: AppContext, user: AuthUser, id: number, query: z.output<typeof ParentCandidatesQuery>): Promise<ParentCandidates> {
  const db = ctx.database.db;
  const institution = await visibleEnd(db, user, id);
  if (institution.parentId === null) return { data: [] };
  const search = query.search ? prefixPattern(query.search) : null;
  const rows = await db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(
      and(
        institutionScope(user),
        eq(institutions.religionId, institution.religionId),
        eq(institutionLevels.rank, institution.rank - 1),
        eq(institutions.status, 'active'),
        ne(institutions.id, institution.parentId),
        sql`${institutions.path} not like ${`${institution.path}%`}`,
        search ? or(like(sql`lower(${institutions.title})`, search), like(sql`lower(${institutions.code})`, search)) : undefined,
      ),
    )
    .orderBy(asc(institutions.title), asc(institutions.id))
    .limit(MAX_PARENT_CANDIDATES);
  return { data: rows };
}

/** POST /api/institutions/{id}/affiliation: a pending `application` request of kind `affiliation`; nothing moves yet. */
export async function requestMove(ctx: AppContext, caller: Caller, id: number, input: AffiliationInput): Promise<SubmittedRequest> {
  const db = ctx.database.db;
  const institution = await visibleEnd(db, caller.user, id);
  if (!mayAskMove(caller.user, institution)) throw errors.forbidden();
  // A parent the caller cannot see is refused like an unknown one: nothing is said about other trees.
  const [visibleParent] = await db.select({ id: institutions.id }).from(institutions).where(and(eq(institutions.id, input.parentId), institutionScope(caller.user)));
  const parent = visibleParent ? await loadMoveEnd(db, input.parentId) : undefined;
  if (!parent) throw new AppError(400, 'parent_unknown', messages.affiliationParentUnknown);
  const refusal = moveRefusal(institution, parent);
  if (refusal) throw new AppError(400, 'affiliation_refused', refusal);
  const current = institution.parentId === null ? undefined : await loadMoveEnd(db, institution.parentId);
  const payload: AffiliationPayload = {
    kind: 'affiliation',
    institutionId: institution.id,
    fromParentId: institution.parentId,
    toParentId: parent.id,
    fromParentTitle: current?.title ?? null,
    toParentTitle: parent.title,
  };
  const row = await submitRequest(db, {
    type: 'application',
    subject: subjectOf(institution.id),
    title: `${institution.title} → ${parent.title}`,
    payload,
    makerId: caller.user.id,
    branchId: institution.branchId,
    religionId: institution.religionId,
    now: ctx.now(),
    client: { ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId },
  });
  return { requestId: row.id, status: 'requested' };
}
