import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MemberTransfer, TransferListPage } from '../../../domain/api/member-transfers';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { memberTransfers } from '../../db/schema/member-transfers';
import { members } from '../../db/schema/members';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

// Each list scopes one side through `institutions` (institutionScope reads that table); the other side is an alias.
const other = alias(institutions, 'other_institution');

type Direction = 'incoming' | 'outgoing';

function selectTransfers(db: Db, direction: Direction | 'any', where: SQL | undefined, limit: number) {
  const scopedColumn = direction === 'outgoing' ? memberTransfers.fromInstitutionId : memberTransfers.toInstitutionId;
  const otherColumn = direction === 'outgoing' ? memberTransfers.toInstitutionId : memberTransfers.fromInstitutionId;
  return db
    .select({
      transfer: memberTransfers,
      firstName: members.firstName,
      lastName: members.lastName,
      scoped: { id: institutions.id, title: institutions.title },
      other: { id: other.id, title: other.title },
    })
    .from(memberTransfers)
    .innerJoin(members, eq(members.id, memberTransfers.memberId))
    .innerJoin(institutions, eq(institutions.id, scopedColumn))
    .innerJoin(other, eq(other.id, otherColumn))
    .where(where)
    .orderBy(desc(memberTransfers.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectTransfers>>[number];

function toTransfer(row: Row, direction: Direction | 'any'): MemberTransfer {
  const { transfer } = row;
  const [from, to] = direction === 'outgoing' ? [row.scoped, row.other] : [row.other, row.scoped];
  return {
    id: transfer.id,
    memberId: transfer.memberId,
    memberNames: `${row.firstName} ${row.lastName}`,
    fromCode: transfer.fromCode,
    toCode: transfer.toCode,
    status: transfer.status as MemberTransfer['status'],
    from,
    to,
    note: transfer.note,
    answerNote: transfer.answerNote,
    requestedAt: transfer.requestedAt.toISOString(),
    answeredAt: transfer.answeredAt?.toISOString() ?? null,
  };
}

/** One transfer, unscoped: for answers to callers already checked. */
export async function loadTransfer(db: Db, id: number): Promise<MemberTransfer | null> {
  const [row] = await selectTransfers(db, 'any', eq(memberTransfers.id, id), 1);
  return row ? toTransfer(row, 'any') : null;
}

/**
 * Requests the caller's side received (incoming: the receiving institution is in scope) or sent
 * (outgoing), newest first, keyset on id (member_transfers_to_status / _from_status).
 */
export async function listTransfers(
  db: Db,
  user: AuthUser,
  query: { direction: Direction; status?: MemberTransfer['status'] | undefined; cursor?: number | undefined; limit: number },
): Promise<TransferListPage> {
  const rows = await selectTransfers(
    db,
    query.direction,
    and(institutionScope(user), query.status ? eq(memberTransfers.status, query.status) : undefined, query.cursor ? lt(memberTransfers.id, query.cursor) : undefined),
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit).map((row) => toTransfer(row, query.direction));
  return { data: page, nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}
