import { type MatrixArea, s } from './matrix-kit';

/**
 * SMS campaigns (issue 14). Grants: bank admin ALL, union ALL, church, mosque and branch officers
 * MAKE (branch staff send for their branch's churches, ADR 057). Sends name churchA (on the
 * branch user's branch). Detail and resend use an id that does not exist (404).
 */
const smsUsers = (code: number) => s(401, code, code, code, code, code, 403);
let sends = 0;

export const smsRows: MatrixArea = {
  name: 'sms',
  rows: {
    'POST /api/sms/campaigns': {
      // churchA is in the admin's, the union's and its treasurer's scope; not in the mosque's.
      payload: ({ w }) => ({ recipients: { kind: 'phone', phone: `+2557160${String(++sends).padStart(5, '0')}` }, message: 'Matrix', institutionId: w.churchA.id }),
      expect: s(401, 201, 201, 201, 201, 403, 403),
    },
    'GET /api/sms/campaigns': { expect: smsUsers(200) },
    'GET /api/sms/failed': { expect: smsUsers(200) },
    'GET /api/sms/campaigns/:id': { url: '/api/sms/campaigns/999999', expect: smsUsers(404) },
    'POST /api/sms/campaigns/:id/resend-failed': { url: '/api/sms/campaigns/999999/resend-failed', expect: smsUsers(404) },
    // Bank staff ask (ADR 057): the admin's request for churchA is pending, so the branch officer's
    // second one meets 409 (it got through); institution users are refused by the service.
    // The wallet of churchA: bank staff and the union (spec §6); the church's own users are refused.
    'GET /api/sms/wallets/:id': { url: ({ w }) => `/api/sms/wallets/${w.churchA.id}`, expect: s(401, 200, 200, 200, 403, 403, 403) },
    'POST /api/sms/topups': { payload: ({ w }) => ({ institutionId: w.churchA.id, amount: 5 }), expect: s(401, 201, 409, 403, 403, 403, 403) },
  },
};
