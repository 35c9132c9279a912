import { everyone, type MatrixArea, s } from './matrix-kit';

/**
 * SMS bought with mobile money (ADR 058). Buying: union level only (spec §6: the balance is the
 * bank's and the union's business); bank staff and churches hold sms:create and are refused by the
 * service (bank staff ask for a top-up instead). The union buys for its own wallet; the number ends
 * in 9, so the simulator waits for the handset and the purchase stays pending. A purchase that does
 * not exist reads as 404 for those who may see purchases, 403 for those who may not.
 */
export const smsBuyRows: MatrixArea = {
  name: 'sms purchases',
  rows: {
    'GET /api/sms/price': { expect: s(401, 200, 200, 200, 200, 200, 403) },
    'POST /api/sms/purchases': { payload: { messages: 5, phone: '+255754000119' }, expect: s(401, 403, 403, 201, 403, 403, 403) },
    'GET /api/sms/purchases/:id': { url: '/api/sms/purchases/00000000-0000-4000-8000-000000000000', expect: s(401, 404, 404, 404, 403, 403, 403) },
    'POST /api/callbacks/selcom/sms': { payload: { order_id: 'x', payment_status: 'COMPLETED' }, expect: everyone(401) },
  },
};
