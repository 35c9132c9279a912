import { type MatrixArea, s, signedInRoutes } from './matrix-kit';

export const deskRows: MatrixArea = {
  name: 'desk',
  rows: {
    // Offline treasurer desk (issue 3). Reads: recorders (cashReceipts) and overseers (transactions, offerings);
    // writes: members create / cashReceipts create. Sync bodies are well-formed batches whose entries are
    // invalid, so a caller who gets through is answered 200 with per-entry `rejected` and nothing is written.
    'GET /api/offering-types': { expect: signedInRoutes(200) },
    'GET /api/currencies': { expect: signedInRoutes(200) },
    'GET /api/members/cache': { expect: signedInRoutes(200) },
    // Batches: rows-desk-batches.ts.
    'POST /api/members/sync': { payload: { members: [{ id: 'not-a-uuid' }] }, expect: s(401, 403, 403, 200, 200, 200, 403) },
    'GET /api/cash-receipts': { expect: signedInRoutes(200) },
    // The bank role groups the /users form offers (issue 11: branch staff were refused the full list).
    'GET /api/users/role-groups': { expect: s(401, 200, 200, 403, 403, 403, 403) },
    'GET /api/cash-receipts/export': { expect: signedInRoutes(200) },
    'POST /api/cash-receipts/sync': { payload: { receipts: [{ id: 'not-a-uuid' }] }, expect: s(401, 403, 403, 403, 200, 200, 403) },
  },
};
