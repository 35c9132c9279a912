import { everyone, type MatrixArea, s, signedInRoutes } from './matrix-kit';

export const foundationRows: MatrixArea = {
  name: 'foundation',
  rows: {
    'GET /api/health': { expect: everyone(200) },
    'GET /api/openapi.json': { expect: everyone(200) },
    'POST /api/login': { payload: { username: 'nobody', password: 'Wrong#Pass1' }, expect: everyone(401) },
    'GET /api/logout': { expect: signedInRoutes(200, 200) },
    'GET /api/profile': { expect: signedInRoutes(200, 200) },
    'POST /api/profile/password': { payload: { currentPassword: 'Wrong#Pass1', newPassword: 'Another#Pass2' }, expect: signedInRoutes(400, 400) },
    'POST /api/profile/2fa/setup': { expect: signedInRoutes(200) },
    'POST /api/profile/2fa/enable': { payload: { otp: '123456' }, expect: signedInRoutes(400) },
    'POST /api/profile/2fa/disable': { payload: { password: 'Wrong#Pass1', otp: '123456' }, expect: signedInRoutes(409) },
    'POST /api/password-reset': { payload: { username: 'nobody', channel: 'sms' }, expect: everyone(200) },
    'POST /api/password-reset/verify-code': { payload: { username: 'nobody', code: '123456' }, expect: everyone(400) },
    'GET /api/password-reset/:id': { expect: everyone(404) },
    'POST /api/password-reset/:id': { payload: { password: 'Valid#Pass12' }, expect: everyone(404) },
    'GET /api/generateMenu/:profileId': { expect: signedInRoutes(200, 200) },
    'POST /api/smsTopUpHistory/1': { payload: {}, expect: s(401, 200, 200, 200, 403, 403, 403) },
    'GET /api/getReligion': { expect: signedInRoutes(200) },
    'POST /api/setReligion': { payload: ({ w }) => ({ religionId: w.christian.id }), expect: s(401, 200, 403, 403, 403, 403, 403) },
    'GET /api/getEntityTypeCount/1': { expect: signedInRoutes(200) },
    'GET /api/getTotalPendingRegistration': { expect: s(401, 200, 200, 403, 403, 403, 403) },
    'POST /api/searchTransaction/:limit/:offset': { payload: { value: 'abc' }, expect: signedInRoutes(200) },
    'POST /api/searchMember/:limit/:offset': { payload: { value: 'abc' }, expect: signedInRoutes(200) },
    'GET /api/dashboard/summary': { expect: signedInRoutes(200) },
    'POST /api/callbacks/sms/delivery': { payload: { id: 'x', status: 'Success' }, expect: everyone(401) },
    // The demo mail outbox answers loopback callers only; the matrix calls from 10.9.x.1, so 404 for all.
    'GET /api/dev/mail-outbox': { expect: everyone(404) },
  },
};
