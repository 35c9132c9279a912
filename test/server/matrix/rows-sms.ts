import { type MatrixArea, s } from './matrix-kit';

/**
 * SMS campaigns (issue 14). Grants: bank admin ALL, union ALL, church and mosque MAKE; branch
 * officers none. Sends name churchA. Detail and resend use an id that does not exist (404).
 */
const smsUsers = (code: number) => s(401, code, 403, code, code, code, 403);
let sends = 0;

export const smsRows: MatrixArea = {
  name: 'sms',
  rows: {
    'POST /api/sms/campaigns': {
      // churchA is in the admin's, the union's and its treasurer's scope; not in the mosque's.
      payload: ({ w }) => ({ recipients: { kind: 'phone', phone: `+2557160${String(++sends).padStart(5, '0')}` }, message: 'Matrix', institutionId: w.churchA.id }),
      expect: s(401, 201, 403, 201, 201, 403, 403),
    },
    'GET /api/sms/campaigns': { expect: smsUsers(200) },
    'GET /api/sms/failed': { expect: smsUsers(200) },
    'GET /api/sms/campaigns/:id': { url: '/api/sms/campaigns/999999', expect: smsUsers(404) },
    'POST /api/sms/campaigns/:id/resend-failed': { url: '/api/sms/campaigns/999999/resend-failed', expect: smsUsers(404) },
  },
};
