import { describe, expect, it } from 'vitest';
import { dayOf } from '../../domain/calendar';
import { deskDay, receivedAtFor } from '../../src/features/cash-receipts/dates';
import { monthSoFar } from '../../src/features/stats/period';
import { profileTimeZone } from '../../src/lib/time-zone';

/** ADR 077: the client's "today" is domain/calendar's, in the zone of the institution in view. */
describe('today on the client', () => {
  const lateUtc = new Date('2026-11-24T22:30:00Z');

  it('at 22:30 UTC is already the next day in East Africa, the zone of bank staff and of profiles without one', () => {
    expect(dayOf(lateUtc, profileTimeZone({ timeZone: null }))).toBe('2026-11-25');
    expect(dayOf(lateUtc, profileTimeZone(undefined))).toBe('2026-11-25');
    expect(dayOf(lateUtc, profileTimeZone({ timeZone: 'Africa/Kigali' }))).toBe('2026-11-25');
    expect(dayOf(new Date('2026-11-24T21:30:00Z'), profileTimeZone({ timeZone: 'Africa/Kigali' }))).toBe('2026-11-24');
  });

  it('is the desk’s day whatever zone the device is set to', () => {
    expect(deskDay('Africa/Dar_es_Salaam', lateUtc)).toBe('2026-11-25');
  });

  it('starts the stats page on the month of that day: 22:30 UTC on 31 October is November in Dar es Salaam', () => {
    expect(monthSoFar('Africa/Dar_es_Salaam', new Date('2026-10-31T22:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('dates a receipt of an earlier day at midday in the institution’s zone, so the server files it on that day', () => {
    expect(receivedAtFor('2026-11-20', 'Africa/Dar_es_Salaam', lateUtc)).toBe('2026-11-20T09:00:00.000Z');
    expect(receivedAtFor('2026-11-25', 'Africa/Dar_es_Salaam', lateUtc)).toBe(lateUtc.toISOString());
  });
});
