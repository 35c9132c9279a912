import { createMember } from '../../factories/giving';
import { type MatrixArea, s, signedInRoutes } from './matrix-kit';

export const statsRows: MatrixArea = {
  name: 'stats',
  setup: async ({ t, w, data }) => {
    data.statementMemberId = (await createMember(t.database.db, { institutionId: w.churchA.id })).id;
  },
  rows: {
    // Statistics and reports (issue 16). The offerings report: `reports` or `stats` view, scoped by the service
    // (every role of the matrix holds one of the two); an institution outside the caller's scope is a 404.
    'GET /api/reports/offerings': { url: '/api/reports/offerings?from=2026-03-01&to=2026-03-31', expect: signedInRoutes(200) },
    // Statistics of the caller's own institution (or, for bank staff, their whole scope): stats or dashboard view.
    'GET /api/stats/overview': { url: '/api/stats/overview?from=2026-03-01&to=2026-03-31', expect: signedInRoutes(200) },
    // The dashboard's breakdowns: either dashboard grant (bank or entity), which every role of the matrix holds.
    'GET /api/stats/dashboard': { url: '/api/stats/dashboard?period=month', expect: signedInRoutes(200) },
    // The statistics page's series and level comparison (ADR 079): scoped like the overview; a comparison is under an institution, the union here (a church treasurer's and the mosque's scope do not hold it).
    'GET /api/stats/over-time': { url: '/api/stats/over-time?from=2026-03-01&to=2026-03-31&grain=week', expect: signedInRoutes(200) },
    'GET /api/stats/compare': { url: ({ w }) => `/api/stats/compare?from=2026-03-01&to=2026-03-31&institutionId=${w.union.id}`, expect: s(401, 200, 200, 200, 404, 404, 403) },
    // A member of church A: members view and in scope; the mosque holds members view but not this member.
    // Every member's year statement of church A, zipped: members export (every role holds it) and church A in scope.
    'GET /api/institutions/:id/statements': { url: ({ w }) => `/api/institutions/${w.churchA.id}/statements?year=2026`, expect: s(401, 200, 200, 200, 200, 404, 403) },
    'GET /api/members/:id/statement': { url: ({ data }) => `/api/members/${String(data.statementMemberId)}/statement?year=2026`, expect: s(401, 200, 200, 200, 200, 404, 403) },
  },
};
