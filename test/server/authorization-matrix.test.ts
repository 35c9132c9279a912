import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectApiRoutes } from '../factories/routes';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { offeringTypes } from '../../server/db/schema/members';
import { createTestApp, type TestApp } from './harness';

const ROLES = ['anonymous', 'admin', 'branch', 'union', 'church', 'mosque', 'mustChange'] as const;
type Role = (typeof ROLES)[number];
/** `url` overrides the path (for routes whose `:id` must be a number to get past validation). */
type Row = { payload?: object; url?: string; expect: Record<Role, number> };
/** Rows whose body needs the world's ids, or extra headers (a fresh Idempotency-Key per call). */
const dynamicPayload: Record<string, () => object> = {};
const extraHeaders: Record<string, () => Record<string, string>> = {
  'POST /api/payments': () => ({ 'idempotency-key': crypto.randomUUID() }),
};
/** A payment id that does not exist: a caller who gets through is told 404. */
const NO_PAYMENT = '/api/payments/00000000-0000-4000-8000-000000000000';

/** Expected status per role, in ROLES order; mustChange = a church user who has not changed the default password. */
const s = (...codes: number[]): Record<Role, number> => Object.fromEntries(ROLES.map((role, i) => [role, codes[i]!])) as Record<Role, number>;
const everyone = (code: number) => s(...ROLES.map(() => code));
const signedInRoutes = (code: number, mustChange = 403) => s(401, code, code, code, code, code, mustChange);

/**
 * THE MATRIX. Every API route the app registers must have a row; a new route without one fails
 * this test. Requests are valid, so a status other than 401/403 means the caller got through.
 */
const MATRIX: Record<string, Row> = {
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
  'POST /api/setReligion': { payload: { religionId: 0 }, expect: s(401, 200, 403, 403, 403, 403, 403) },
  'GET /api/getEntityTypeCount/1': { expect: signedInRoutes(200) },
  'GET /api/getTotalPendingRegistration': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'POST /api/searchTransaction/:limit/:offset': { payload: { value: 'abc' }, expect: signedInRoutes(200) },
  'POST /api/searchMember/:limit/:offset': { payload: { value: 'abc' }, expect: signedInRoutes(200) },
  'GET /api/dashboard/summary': { expect: signedInRoutes(200) },
  'POST /api/callbacks/sms/delivery': { payload: { id: 'x', status: 'Success' }, expect: everyone(401) },
  // The demo mail outbox answers loopback callers only; the matrix calls from 10.9.x.1, so 404 for all.
  'GET /api/dev/mail-outbox': { expect: everyone(404) },
  // Offline treasurer desk (issue 3). Reads: recorders (cashReceipts) and overseers (transactions, offerings);
  // writes: members create / cashReceipts create. Sync bodies are well-formed batches whose entries are
  // invalid, so a caller who gets through is answered 200 with per-entry `rejected` and nothing is written.
  'GET /api/offering-types': { expect: signedInRoutes(200) },
  'GET /api/currencies': { expect: signedInRoutes(200) },
  'GET /api/members/cache': { expect: signedInRoutes(200) },
  'POST /api/members/sync': { payload: { members: [{ id: 'not-a-uuid' }] }, expect: s(401, 403, 403, 200, 200, 200, 403) },
  'GET /api/receipt-batches': { expect: signedInRoutes(200) },
  'POST /api/receipt-batches/sync': { payload: { batches: [{ id: 'not-a-uuid' }] }, expect: s(401, 403, 403, 403, 200, 200, 403) },
  'GET /api/cash-receipts': { expect: signedInRoutes(200) },
  'GET /api/cash-receipts/export': { expect: signedInRoutes(200) },
  'POST /api/cash-receipts/sync': { payload: { receipts: [{ id: 'not-a-uuid' }] }, expect: s(401, 403, 403, 403, 200, 200, 403) },
  // Bank back office (issue 5). Ids that do not exist (999999) show a caller who got through as 404;
  // the public registration calls carry no draft token, so everyone gets 404 (or 400 for a bad start).
  'GET /api/requests': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'GET /api/requests/:id': { url: '/api/requests/999999', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/requests/:id/approve': { url: '/api/requests/999999/approve', payload: {}, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/requests/:id/reject': { url: '/api/requests/999999/reject', payload: { reason: 'No' }, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/requests/:id/withdraw': { url: '/api/requests/999999/withdraw', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'GET /api/users': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'GET /api/users/:id': { url: '/api/users/999999', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/users': {
    payload: { userType: 'entity', username: 'matrix.user', name: 'Matrix', email: 'matrix@sadakabank.co.tz', phone: '+255754999001', roleGroupId: 1 },
    expect: s(401, 422, 422, 403, 403, 403, 403),
  },
  'PATCH /api/users/:id': { url: '/api/users/999999', payload: { name: 'X' }, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/users/:id/enable': { url: '/api/users/999999/enable', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/users/:id/disable': { url: '/api/users/999999/disable', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/users/:id/reset-2fa': { url: '/api/users/999999/reset-2fa', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/users/:id/delete-code': { url: '/api/users/999999/delete-code', expect: s(401, 404, 403, 403, 403, 403, 403) },
  'POST /api/users/:id/delete': { url: '/api/users/999999/delete', payload: { password: 'Wrong#Pass1' }, expect: s(401, 404, 403, 403, 403, 403, 403) },
  'GET /api/registration-options': { expect: everyone(200) },
  'POST /api/registrations': { payload: { applicantPhone: '12', applicantEmail: 'x@example.com' }, expect: everyone(400) },
  'GET /api/registrations/current': { expect: everyone(404) },
  'PUT /api/registrations/current/institution': {
    payload: { title: 'T', abbreviation: 'TT', religionId: 1, levelId: 1, parentId: null, region: 'r', district: 'd', street: 's' },
    expect: everyone(404),
  },
  'PUT /api/registrations/current/bank-account': { payload: { accountNumber: '0101777000001' }, expect: everyone(404) },
  'PUT /api/registrations/current/signatories': { payload: { signatories: [{ name: 'A', phone: '+255754200001', documentUploadId: 1 }] }, expect: everyone(404) },
  'PUT /api/registrations/current/default-user': { payload: { name: 'A', phone: '+255754200001', email: 'a@example.com' }, expect: everyone(404) },
  'PUT /api/registrations/current/extras': { payload: { registrationChannel: 'online' }, expect: everyone(404) },
  'POST /api/registrations/current/submit': { expect: everyone(404) },
  'POST /api/registrations/current/uploads': { payload: {}, expect: everyone(404) },
  'POST /api/institution-access/code': { payload: { institutionCode: 'NOPE', phone: '+255754200001' }, expect: everyone(200) },
  'POST /api/institution-access/verify': { payload: { institutionCode: 'NOPE', phone: '+255754200001', code: '123456' }, expect: everyone(400) },
  'POST /api/institution-access/bank-accounts': { payload: { accountNumber: '0101777000001' }, expect: everyone(401) },
  'POST /api/institution-access/amendments': { payload: { street: 'X' }, expect: everyone(401) },
  'GET /api/registrations': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'GET /api/registrations/:id': { url: '/api/registrations/999999', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/registrations/:id/forward': { url: '/api/registrations/999999/forward', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/institutions/:id/amendments': { url: '/api/institutions/999999/amendments', payload: { street: 'X' }, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/bank-accounts': { payload: { institutionId: 999999, accountNumber: '0101777000001' }, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'GET /api/uploads/:id': { url: '/api/uploads/999999', expect: s(401, 404, 404, 403, 403, 403, 403) },
  'GET /api/branches': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'POST /api/branches': { payload: { name: 'Matrix', shortCode: 'MTX' }, expect: s(401, 201, 403, 403, 403, 403, 403) },
  'PATCH /api/branches/:id': { url: '/api/branches/999999', payload: { name: 'X' }, expect: s(401, 404, 403, 403, 403, 403, 403) },
  'GET /api/religions': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'POST /api/religions': { payload: { code: 'matrix-faith', nameEn: 'Matrix', nameSw: 'Matrix' }, expect: s(401, 201, 403, 403, 403, 403, 403) },
  'PATCH /api/religions/:id': { url: '/api/religions/999999', payload: { nameEn: 'X' }, expect: s(401, 404, 403, 403, 403, 403, 403) },
  'GET /api/settings/currencies': { expect: s(401, 200, 403, 403, 403, 403, 403) },
  'POST /api/settings/currencies': { payload: { territory: 'Matrix', alphaCode: 'MTX', numericCode: '999', value: '1.5' }, expect: s(401, 201, 403, 403, 403, 403, 403) },
  'PATCH /api/settings/currencies/:id': { url: '/api/settings/currencies/999999', payload: { value: '2' }, expect: s(401, 404, 403, 403, 403, 403, 403) },
  'GET /api/bank-accounts': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'GET /api/role-groups': { expect: s(401, 200, 403, 403, 403, 403, 403) },
  'GET /api/features': { expect: s(401, 200, 403, 403, 403, 403, 403) },
  'POST /api/role-groups': { payload: { name: 'Matrix group', userType: 'bank', locationLevel: 'bank', features: [] }, expect: s(401, 201, 403, 403, 403, 403, 403) },
  'PATCH /api/role-groups/:id': { url: '/api/role-groups/999999', payload: { name: 'X' }, expect: s(401, 404, 403, 403, 403, 403, 403) },
  'GET /api/referrers': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'POST /api/referrers': { payload: { kind: 'staff', name: 'Matrix', employeeNo: 'EMP999' }, expect: s(401, 201, 403, 403, 403, 403, 403) },
  'GET /api/reports/referrals': { expect: s(401, 200, 200, 200, 403, 403, 403) },
  'GET /api/reports/registrations': { expect: s(401, 200, 200, 200, 403, 403, 403) },
  'GET /api/activities': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'GET /api/log-viewer': { expect: s(401, 200, 403, 403, 403, 403, 403) },
  'GET /api/back-office/dashboard': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  // Payments (issue 4). POST /payments is public (the giving page); a signed-in caller is a desk push and
  // needs push:create and the church in scope: the admin has push:view only, the union no push, the mosque
  // user is outside Mwenge Church's tree. Actions on one payment use an id that does not exist (404);
  // cancel needs push:update, so the admin (push:view) is refused by the route, before any lookup.
  'POST /api/payments': { expect: s(201, 403, 201, 403, 201, 403, 403) },
  'GET /api/payments/:id': { url: NO_PAYMENT, expect: everyone(404) },
  'GET /api/payments/pending': { expect: s(401, 200, 200, 403, 200, 200, 403) },
  'GET /api/payments/failed-credits': { expect: signedInRoutes(200) },
  'POST /api/payments/:id/check': { url: `${NO_PAYMENT}/check`, expect: s(401, 404, 404, 403, 404, 404, 403) },
  'POST /api/payments/:id/cancel': { url: `${NO_PAYMENT}/cancel`, payload: {}, expect: s(401, 403, 404, 403, 404, 404, 403) },
  'POST /api/payments/:id/confirm-transfer': { url: `${NO_PAYMENT}/confirm-transfer`, payload: { bankReference: 'FT123456', amount: 100 }, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/payments/:id/retry-credit': { url: `${NO_PAYMENT}/retry-credit`, expect: s(401, 404, 404, 403, 403, 403, 403) },
  'POST /api/giving/lookup-phone': { payload: { phone: '+255754000111' }, expect: everyone(200) },
  'GET /api/giving/institutions': { url: '/api/giving/institutions?search=mwenge', expect: everyone(200) },
  'GET /api/giving/institutions/:id': { url: '/api/giving/institutions/999999', expect: everyone(404) },
  // Online member registration: public; every role registers a new member (a fresh phone per call).
  'POST /api/giving/members': { expect: everyone(201) },
  'GET /api/transactions': { expect: signedInRoutes(200) },
  'GET /api/transactions/export': { expect: signedInRoutes(200) },
  'GET /api/transactions/:id': { url: '/api/transactions/00000000-0000-4000-8000-000000000000', expect: signedInRoutes(404) },
  'GET /api/settlements': { url: '/api/settlements?from=2026-01-01&to=2026-01-31', expect: signedInRoutes(200) },
  'POST /api/callbacks/selcom': { payload: { order_id: 'x', payment_status: 'COMPLETED' }, expect: everyone(401) },
};

describe('authorization matrix: every API route × every role', () => {
  let t: TestApp;
  let routes: string[];
  let w: World;
  const users = {} as Record<Exclude<Role, 'anonymous'>, { id: number; username: string; password: string }>;
  beforeAll(async () => {
    const collected = await collectApiRoutes(() => createTestApp());
    t = collected.built;
    routes = collected.routes.map((r) => `${r.method} ${r.url}`);
    w = await createWorld(t.database.db);
    Object.assign(users, w.users, { mustChange: await createUser(t.database.db, { role: 'Church Treasurer', institutionId: w.churchA.id, forceChangePassword: true }) });
    const [sadaka] = await t.database.db.insert(offeringTypes).values({ institutionId: w.churchA.id, title: 'Sadaka', churchBp: 10000, fieldBp: 0, unionBp: 0 }).returning();
    dynamicPayload['POST /api/payments'] = () => ({ institutionId: w.churchA.id, phone: '+255754000115', method: 'mobile', lines: [{ offeringTypeId: sadaka!.id, amount: 100_000 }], currency: 'TZS' });
    let registrations = 0;
    dynamicPayload['POST /api/giving/members'] = () => ({
      institutionId: w.churchA.id,
      firstName: 'Matrix',
      lastName: 'Member',
      phone: `+25575400${String(++registrations).padStart(4, '0')}`,
      email: 'matrix@example.co.tz',
      gender: 'female',
      preferredLanguage: 'sw',
      country: 'TZ',
      addressOne: 'Plot 1',
      city: 'Dar es Salaam',
      state: 'Dar es Salaam',
      postalCode: '14113',
    });
  });
  afterAll(() => t.close());

  it('found the routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('has a row for every registered route (and no stale rows)', () => {
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers each role as the matrix says', async () => {
    const actual: Record<string, Record<Role, number>> = {};
    for (const route of routes) {
      const row = MATRIX[route];
      if (!row) continue;
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH', string];
      actual[route] = {} as Record<Role, number>;
      for (const role of ROLES) {
        // A fresh session per call: logout and password changes must not spoil the next row.
        const user = role === 'anonymous' ? null : users[role];
        const headers = { ...(user ? (await signIn(t.app, user)).headers : {}), ...extraHeaders[route]?.() };
        const url = row.url ?? pattern
          .replace(':profileId', String(user?.id ?? 1))
          .replace(':limit', '7')
          .replace(':offset', '0')
          .replace(':id', 'x'.repeat(43));
        const payload = route === 'POST /api/setReligion' ? { religionId: w.christian.id } : (dynamicPayload[route]?.() ?? row.payload);
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}), remoteAddress: `10.9.${ROLES.indexOf(role)}.1` });
        expect(res.statusCode, `${route} as ${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        actual[route][role] = res.statusCode;
      }
    }
    const expected = Object.fromEntries(routes.map((route) => [route, MATRIX[route]?.expect]));
    expect(actual).toEqual(expected);
    // Hundreds of real sign-ins (argon2) on two shared cores: give it room.
  }, 300_000);
});
