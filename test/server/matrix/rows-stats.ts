import { type MatrixArea, signedInRoutes } from './matrix-kit';

export const statsRows: MatrixArea = {
  name: 'stats',
  rows: {
    // Statistics and reports (issue 16). The offerings report: `reports` or `stats` view, scoped by the service
    // (every role of the matrix holds one of the two); an institution outside the caller's scope is a 404.
    'GET /api/reports/offerings': { url: '/api/reports/offerings?from=2026-03-01&to=2026-03-31', expect: signedInRoutes(200) },
  },
};
