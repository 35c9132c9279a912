import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { RequestDetail, RequestItem, RequestList, RequestListQuery, UploadInfo } from '../../../domain/api/back-office';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema/approvals';
import { uploads } from '../../db/schema/institutions';
import { bankBranches } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorId, cursorTime, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { pendingRequestCounts } from '../shell/pending-counts';
import { executors } from './executors/by-type';
import { mayApprove } from './request-kinds';
import { inRequestScope, requestScope } from './request-scope';

const maker = alias(users, 'maker');
const checker = alias(users, 'checker');

function selectRequests<Extra extends Record<string, SQL> = Record<never, SQL>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({ request: approvalRequests, makerName: maker.name, checkerName: checker.name, branchName: bankBranches.name, ...extra })
    .from(approvalRequests)
    .leftJoin(maker, eq(maker.id, approvalRequests.makerId))
    .leftJoin(checker, eq(checker.id, approvalRequests.checkerId))
    .leftJoin(bankBranches, eq(bankBranches.id, approvalRequests.branchId));
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];

function toItem(user: AuthUser, row: Selected): RequestItem {
  const r = row.request;
  const type = r.type as RequestType;
  const status = r.status as RequestStatus;
  return {
    id: r.id,
    type: (REQUEST_TYPES as readonly string[]).includes(type) ? type : 'application',
    status: (REQUEST_STATUSES as readonly string[]).includes(status) ? status : 'requested',
    subject: r.subject,
    title: r.title,
    makerId: r.makerId,
    makerName: row.makerName,
    checkerId: r.checkerId,
    checkerName: row.checkerName,
    branchId: r.branchId,
    branchName: row.branchName,
    religionId: r.religionId,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    canCheck: status === 'requested' && r.makerId !== user.id && mayApprove(user, type),
  };
}

/** Newest first: the position is (created_at to the microsecond, id). */
const Position = z.tuple([cursorTime, cursorId]);

/**
 * The requests tabs: newest first, in the caller's scope, with the pending counts per tab. With
 * `cursor` the page starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function listRequests(ctx: AppContext, user: AuthUser, query: RequestListQuery, t: Translate): Promise<RequestList> {
  const db = ctx.database.db;
  const after = decodeCursor(query.cursor, Position, t);
  const conditions: SQL[] = [requestScope(user)];
  if (query.type) conditions.push(eq(approvalRequests.type, query.type));
  if (query.status) conditions.push(eq(approvalRequests.status, query.status));
  const where = and(...conditions);
  const fetched = await selectRequests(db, { position: microsecondText(approvalRequests.createdAt) })
    .where(and(where, after ? afterPosition([approvalRequests.createdAt, approvalRequests.id], after, 'desc', ['timestamptz', 'integer']) : undefined))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset);
  const { page, nextCursor } = pageOf(fetched, query.limit, (row) => [row.position, row.request.id]);
  const [total] = await db.select({ n: count() }).from(approvalRequests).where(where);
  return { data: page.map((row) => toItem(user, row)), count: total?.n ?? 0, counts: await pendingRequestCounts(ctx, user), nextCursor };
}

export function uploadUrl(id: number): string {
  return `/api/uploads/${id}`;
}

/** One request with its full payload and the documents it carries (signed forms, logo). */
export async function getRequest(ctx: AppContext, user: AuthUser, id: number): Promise<RequestDetail> {
  const db = ctx.database.db;
  const [row] = await selectRequests(db).where(eq(approvalRequests.id, id));
  if (!row) throw errors.notFound();
  if (!inRequestScope(user, row.request)) throw errors.forbidden();
  const item = toItem(user, row);
  const executor = executors[item.type];
  const parsed = executor.schema.safeParse(row.request.payload);
  const ids = parsed.success && executor.documents ? executor.documents(parsed.data) : [];
  let documents: UploadInfo[] = [];
  if (ids.length > 0) {
    const files = await db.select().from(uploads).where(inArray(uploads.id, ids));
    documents = files.map((file) => ({ id: file.id, name: file.originalName, mimeType: file.mimeType, sizeBytes: file.sizeBytes, url: uploadUrl(file.id) }));
  }
  return { ...item, payload: row.request.payload as Record<string, unknown>, documents };
}
