import { offeringTypes } from '../../../server/db/schema/members';
import { everyone, type MatrixArea, s, signedInRoutes } from './matrix-kit';

/** A payment id that does not exist: a caller who gets through is told 404. */
const NO_PAYMENT = '/api/payments/00000000-0000-4000-8000-000000000000';
let registrations = 0;

export const paymentRows: MatrixArea = {
  name: 'payments',
  setup: async ({ t, w, data }) => {
    const [sadaka] = await t.database.db.insert(offeringTypes).values({ institutionId: w.churchA.id, title: 'Sadaka', churchBp: 10000, fieldBp: 0, unionBp: 0 }).returning();
    data.sadakaId = sadaka!.id;
  },
  rows: {
    // Payments (issue 4). POST /payments is public (the giving page); a signed-in caller is a desk push and
    // needs push:create and the church in scope: the admin has push:view only, the union no push, the mosque
    // user is outside Mwenge Church's tree. Actions on one payment use an id that does not exist (404);
    // cancel needs push:update, so the admin (push:view) is refused by the route, before any lookup.
    'POST /api/payments': {
      headers: () => ({ 'idempotency-key': crypto.randomUUID() }),
      payload: ({ w, data }) => ({ institutionId: w.churchA.id, phone: '+255754000115', method: 'mobile', lines: [{ offeringTypeId: data.sadakaId, amount: 100_000 }], currency: 'TZS' }),
      expect: s(201, 403, 201, 403, 201, 403, 403),
    },
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
    'POST /api/giving/members': {
      payload: ({ w }) => ({
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
      }),
      expect: everyone(201),
    },
    'GET /api/transactions': { expect: signedInRoutes(200) },
    'GET /api/transactions/export': { expect: signedInRoutes(200) },
    'GET /api/transactions/:id': { url: '/api/transactions/00000000-0000-4000-8000-000000000000', expect: signedInRoutes(404) },
    'GET /api/settlements': { url: '/api/settlements?from=2026-01-01&to=2026-01-31', expect: signedInRoutes(200) },
    'POST /api/callbacks/selcom': { payload: { order_id: 'x', payment_status: 'COMPLETED' }, expect: everyone(401) },
  },
};
