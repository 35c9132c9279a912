import { type MatrixArea, s } from './matrix-kit';

/** Bank transfers waiting for the money (issue 10): bankAccounts:view, i.e. the bank admin and the branch officer. */
export const replicaRows: MatrixArea = {
  name: 'bank transfers',
  rows: {
    'GET /api/payments/bank-transfers': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  },
};
