import { type MatrixArea, s, signedInRoutes } from './matrix-kit';

/**
 * Unsent cash (issue 16). A device reports for church A: only those who record receipts get past
 * the grant, and of them only church A's treasurer has it in scope (the mosque's is refused 403).
 * The dashboard's list is read with either dashboard grant, which every role of the matrix holds.
 */
export const unsentCashRows: MatrixArea = {
  name: 'unsent-cash',
  rows: {
    'POST /api/devices/unsent-cash': {
      payload: ({ w }) => ({
        deviceId: 'M4TRX',
        groups: [{ institutionId: w.churchA.id, currency: 'TZS', receipts: 1, held: 0, amount: 100, oldestAt: '2026-11-20T07:30:00Z' }],
      }),
      expect: s(401, 403, 403, 403, 200, 403, 403),
    },
    'GET /api/dashboard/unsent-cash': { expect: signedInRoutes(200) },
  },
};
