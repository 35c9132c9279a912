import { multipartFile } from '../../factories/uploads';
import { type MatrixArea, s } from './matrix-kit';

// One body for every role: the same boundary in the header and the payload.
const upload = multipartFile('members.csv', Buffer.from('firstName,lastName,phone,gender,country\r\nMatrix,Import,0754600001,female,TZ\r\n'), 'text/csv');

/**
 * Bulk add (issue 13, ADR 053): who may add members adds them from a file — members:create and the
 * church in scope. Bank staff have no members:create; the imam's scope has no church A; the union
 * sees church A below it. The church's second upload of the same row is a duplicate, still 200.
 */
export const memberImportRows: MatrixArea = {
  name: 'members-import',
  rows: {
    'POST /api/members/import': {
      url: (ctx) => `/api/members/import?institutionId=${ctx.w.churchA.id}`,
      headers: () => upload.headers,
      payload: upload.payload,
      expect: s(401, 403, 403, 200, 200, 403, 403),
    },
    // The picker of places to import into: members:create, answered within the caller's own subtree.
    'GET /api/members/import-places': { url: '/api/members/import-places?search=a', expect: s(401, 403, 403, 200, 200, 200, 403) },
  },
};
