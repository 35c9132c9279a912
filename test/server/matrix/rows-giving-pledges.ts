import { everyone, type MatrixArea } from './matrix-kit';

let phones = 0;
/** A fresh number per call: codes are limited per phone, and a wrong code counts against the phone. */
const freshPhone = () => `+25575488${String(++phones).padStart(4, '0')}`;

/**
 * The giving page's pledges behind an SMS code (ADR 056): public, so every role gets the same
 * answers a stranger gets; a made-up code is a wrong code (400) for everyone.
 */
export const givingPledgeRows: MatrixArea = {
  name: 'giving pledges',
  rows: {
    'POST /api/giving/pledges/code': { payload: ({ w }) => ({ phone: freshPhone(), institutionId: w.churchA.id }), expect: everyone(200) },
    'POST /api/giving/pledges/verify': { payload: ({ w }) => ({ phone: freshPhone(), institutionId: w.churchA.id, code: '123456' }), expect: everyone(400) },
  },
};
