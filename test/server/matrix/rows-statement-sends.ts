import { transactionLines } from '../../../server/db/schema/money';
import { createOfferingType } from '../../factories/desk';
import { createMember, createTransaction } from '../../factories/giving';
import { everyone, type MatrixArea, s } from './matrix-kit';

/**
 * Sending statements by SMS link or email (ADR 064): whoever may read a statement may send it
 * (a member's: members view; a congregation's: members export), in scope (else 404). Each member
 * send takes a member of its own (a second send of one member and year while the first is still
 * going out is a 409); the congregation's first send (the admin's) is still going out when the
 * others ask, so theirs meet 409 (they got through).
 */
let nextMember = 0;
const memberOf = (data: Record<string, unknown>) => {
  const ids = data.statementSendMembers as number[];
  return ids[nextMember++ % ids.length]!;
};

export const statementSendRows: MatrixArea = {
  name: 'statement-sends',
  setup: async ({ t, w, data }) => {
    const db = t.database.db;
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await createMember(db, { institutionId: w.churchA.id })).id);
    data.statementSendMembers = ids;
    const tithe = await createOfferingType(db, { institutionId: w.churchA.id });
    const giving = await createTransaction(db, { institutionId: w.churchA.id, memberId: ids[0]!, receivedAt: new Date('2026-05-03T08:00:00Z') });
    await db.insert(transactionLines).values({ transactionId: giving.id, offeringTypeId: tithe.id, amount: giving.amount });
  },
  rows: {
    'POST /api/members/:id/statement/send': { url: ({ data }) => `/api/members/${memberOf(data)}/statement/send`, payload: { year: 2026 }, expect: s(401, 201, 201, 201, 201, 404, 403) },
    'POST /api/institutions/:id/statements/send': { url: ({ w }) => `/api/institutions/${w.churchA.id}/statements/send`, payload: { year: 2026 }, expect: s(401, 201, 409, 409, 409, 404, 403) },
    'GET /api/statement-sends/:id': { url: '/api/statement-sends/999999', expect: s(401, 404, 404, 404, 404, 404, 403) },
    'GET /api/institutions/:id/statement-sends': { url: ({ w }) => `/api/institutions/${w.churchA.id}/statement-sends`, expect: s(401, 200, 200, 200, 200, 404, 403) },
    'GET /api/members/:id/statement-links': { url: ({ data }) => `/api/members/${memberOf(data)}/statement-links`, expect: s(401, 200, 200, 200, 200, 404, 403) },
    'POST /api/statement-links/:id/revoke': { url: '/api/statement-links/999999/revoke', expect: s(401, 404, 404, 404, 404, 404, 403) },
    // The public end of a link: no session needed; an unknown token is the same page for everyone.
    'GET /api/s/:token': { url: '/api/s/NoSuchTokenNoSuchToken', expect: everyone(404) },
  },
};
