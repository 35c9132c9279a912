import { type MatrixArea, s } from './matrix-kit';

/** Pledge grants: union and church EDIT, mosque ALL; bank staff have none (pledges are the congregation's). */
const pledgeReaders = (code: number) => s(401, 403, 403, code, code, code, 403);
let campaigns = 0;

export const pledgeRows: MatrixArea = {
  name: 'pledges',
  rows: {
    // Pledges (issue 14). A member id that does not exist is refused as invalid (400) once past the grant;
    // one pledge uses an id that does not exist (404). Campaigns are created in the caller's own institution.
    'GET /api/pledges': { expect: pledgeReaders(200) },
    'GET /api/pledges/export': { expect: pledgeReaders(200) },
    'POST /api/pledges': { payload: { memberId: 999_999, offeringTypeId: 999_999, total: 1_000, dueDate: '2026-12-31' }, expect: pledgeReaders(400) },
    'GET /api/pledges/:id': { url: '/api/pledges/999999', expect: pledgeReaders(404) },
    'POST /api/pledges/:id/remind': { url: '/api/pledges/999999/remind', expect: pledgeReaders(404) },
    'GET /api/pledge-campaigns': { expect: pledgeReaders(200) },
    'POST /api/pledge-campaigns': { payload: () => ({ name: `Matrix drive ${++campaigns}`, target: 1_000_000 }), expect: pledgeReaders(201) },
  },
};
