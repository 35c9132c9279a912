import { memberTransfers } from '../../../server/db/schema/member-transfers';
import { createMember } from '../../factories/giving';
import { type MatrixArea, type MatrixContext, s, signedInRoutes } from './matrix-kit';

const id = (ctx: MatrixContext, key: string) => ctx.data[key] as number;

/**
 * Member transfers (issue 13, ADR 054). Asking needs members:update on the member (church A's);
 * answering needs it on the receiving church B (the union covers both, the church A treasurer only
 * the sender's side, so 404 there); withdrawing is the sender's. Each answer row has its own request,
 * made by the church A treasurer, so the union may answer it. Roles run in order: the union answers
 * first and the church A treasurer then meets an answered request (409) where it may act.
 */
export const memberOpsRows: MatrixArea = {
  name: 'member transfers',
  setup: async (ctx) => {
    const db = ctx.t.database.db;
    ctx.data.transferMemberId = (await createMember(db, { institutionId: ctx.w.churchA.id })).id;
    for (const key of ['acceptTransferId', 'refuseTransferId', 'cancelTransferId']) {
      const member = await createMember(db, { institutionId: ctx.w.churchA.id });
      const [row] = await db
        .insert(memberTransfers)
        .values({ memberId: member.id, fromInstitutionId: ctx.w.churchA.id, toInstitutionId: ctx.w.churchB.id, fromCode: member.code, requestedBy: ctx.w.users.church.id, requestedAt: new Date() })
        .returning({ id: memberTransfers.id });
      ctx.data[key] = row!.id;
    }
  },
  rows: {
    // Cards: whoever reads the member may print it (bank staff too); the imam does not see it.
    'GET /api/members/cards': { url: (ctx) => `/api/members/cards?ids=${id(ctx, 'transferMemberId')}`, expect: s(401, 200, 200, 200, 200, 404, 403) },
    'GET /api/members/:id/transfer-destinations': { url: (ctx) => `/api/members/${id(ctx, 'transferMemberId')}/transfer-destinations?search=s`, expect: s(401, 403, 403, 200, 200, 404, 403) },
    'POST /api/members/:id/transfer': {
      url: (ctx) => `/api/members/${id(ctx, 'transferMemberId')}/transfer`,
      payload: (ctx) => ({ toInstitutionId: ctx.w.churchB.id }),
      expect: s(401, 403, 403, 201, 409, 404, 403),
    },
    'GET /api/member-transfers': { url: '/api/member-transfers?direction=incoming', expect: signedInRoutes(200) },
    'POST /api/member-transfers/:id/accept': { url: (ctx) => `/api/member-transfers/${id(ctx, 'acceptTransferId')}/accept`, expect: s(401, 403, 403, 200, 404, 404, 403) },
    'POST /api/member-transfers/:id/refuse': { url: (ctx) => `/api/member-transfers/${id(ctx, 'refuseTransferId')}/refuse`, payload: {}, expect: s(401, 403, 403, 200, 404, 404, 403) },
    'POST /api/member-transfers/:id/cancel': { url: (ctx) => `/api/member-transfers/${id(ctx, 'cancelTransferId')}/cancel`, expect: s(401, 403, 403, 200, 409, 404, 403) },
  },
};
