import { createMember } from '../../factories/giving';
import { type MatrixArea, type MatrixContext, s, signedInRoutes } from './matrix-kit';

const memberId = (ctx: MatrixContext) => ctx.data.churchMemberId as number;

/**
 * Members for staff (issue 13). Reads: everyone with members:view in scope (bank staff too);
 * writes: members:update (entity users). The target is a member of church A, so the mosque's
 * imam, who has every members grant, gets 404: outside the scope looks like nowhere.
 */
export const memberRows: MatrixArea = {
  name: 'members',
  setup: async (ctx) => {
    const member = await createMember(ctx.t.database.db, { institutionId: ctx.w.churchA.id, code: 'MATRIX-0001' });
    ctx.data.churchMemberId = member.id;
  },
  rows: {
    'GET /api/members': { expect: signedInRoutes(200) },
    'GET /api/members/places': { url: '/api/members/places?search=a', expect: signedInRoutes(200) },
    'GET /api/members/export': { url: '/api/members/export?format=csv', expect: signedInRoutes(200) },
    'GET /api/members/by-code': { url: '/api/members/by-code?code=MATRIX-0001', expect: s(401, 200, 200, 200, 200, 404, 403) },
    'GET /api/members/:id': { url: (ctx) => `/api/members/${memberId(ctx)}`, expect: s(401, 200, 200, 200, 200, 404, 403) },
    'GET /api/members/:id/history': { url: (ctx) => `/api/members/${memberId(ctx)}/history`, expect: s(401, 200, 200, 200, 200, 404, 403) },
    'PATCH /api/members/:id': { url: (ctx) => `/api/members/${memberId(ctx)}`, payload: { city: 'Arusha' }, expect: s(401, 403, 403, 200, 200, 404, 403) },
    'POST /api/members/:id/phone-change': { url: (ctx) => `/api/members/${memberId(ctx)}/phone-change`, payload: { phone: '+255714770999' }, expect: s(401, 403, 403, 200, 200, 404, 403) },
    // A valid body with a code nobody was sent: through the gate, the code is refused (400).
    'POST /api/members/:id/phone-change/confirm': { url: (ctx) => `/api/members/${memberId(ctx)}/phone-change/confirm`, payload: { code: '000000' }, expect: s(401, 403, 403, 400, 400, 404, 403) },
    'POST /api/members/:id/delete-code': { url: (ctx) => `/api/members/${memberId(ctx)}/delete-code`, expect: s(401, 403, 403, 403, 403, 404, 403) },
    'DELETE /api/members/:id': { url: (ctx) => `/api/members/${memberId(ctx)}`, payload: { password: 'Wrong@2026' }, expect: s(401, 403, 403, 403, 403, 404, 403) },
  },
};
