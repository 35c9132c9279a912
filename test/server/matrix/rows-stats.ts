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
    // A member of church A: members view and in scope; the mosque holds members view but not this member.
    'GET /api/members/:id/statement': { url: ({ data }) => `/api/members/${String(data.statementMemberId)}/statement?year=2026`, expect: s(401, 200, 200, 200, 200, 404, 403) },
  },
};
