import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayBefore, dayOf, dayRange, dayStart, isDay, localDateTime, monthEnd, weekStart, windowEndDay, windowStartDay } from '../../domain/calendar';

describe('one notion of a day (institution time zone, East Africa by default)', () => {
  it('puts an instant on the day it is in Dar es Salaam, not in UTC', () => {
    // 22:30 UTC on the 24th is 01:30 on the 25th in Dar es Salaam (UTC+3).
    expect(dayOf(new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-25');
    expect(dayOf(new Date('2026-11-24T20:59:59.999Z'))).toBe('2026-11-24');
    expect(dayOf(new Date('2026-11-24T21:00:00Z'))).toBe('2026-11-25');
    expect(dayOf(new Date('2026-11-24T22:30:00Z'), 'UTC')).toBe('2026-11-24');
  });

  it('orders days past the open end: 10000-01-01 comes after 9999-12-31', () => {
    expect(addDays('9999-12-31', 1)).toBe('10000-01-01');
    expect(dayBefore('9999-12-31', '10000-01-01')).toBe(true);
    expect(dayBefore('2026-01-01', '10000-01-01')).toBe(true);
    expect(dayBefore('10000-01-01', '2026-01-01')).toBe(false);
    expect(dayBefore('2026-01-01', '2026-01-02')).toBe(true);
    expect(dayBefore('2026-01-01', '2026-01-01')).toBe(false);
  });

  it('starts a day at local midnight', () => {
    expect(dayStart('2026-11-25').toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(dayStart('2026-11-25', 'Africa/Kigali').toISOString()).toBe('2026-11-24T22:00:00.000Z');
  });

  it('covers from … to inclusive as a half-open instant range', () => {
    const { start, end } = dayRange('2026-11-01', '2026-11-30');
    expect(start.toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T21:00:00.000Z');
  });

  it('counts calendar months, clamped to the end of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', -1)).toBe('2026-02-15');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('starts weeks on Monday and ends months on their last day', () => {
    expect(weekStart('2026-03-18')).toBe('2026-03-16');
    expect(weekStart('2026-03-16')).toBe('2026-03-16');
    expect(weekStart('2026-03-22')).toBe('2026-03-16');
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(monthEnd('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2026-12-31')).toBe('2026-12-31');
  });

  it('names windows as the spec filters do', () => {
    expect(windowStartDay('today', '2026-11-25')).toBe('2026-11-25');
    expect(windowStartDay('7d', '2026-11-25')).toBe('2026-11-19');
    expect(windowStartDay('1m', '2026-11-25')).toBe('2026-10-26');
    expect(windowEndDay('7d', '2026-11-25')).toBe('2026-12-01');
    expect(windowEndDay('1m', '2026-11-25')).toBe('2026-12-24');
  });

  it('refuses what is not a calendar day', () => {
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(() => dayStart('nope')).toThrow(RangeError);
  });

  it('round-trips: every instant lies in the range of its own day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('Africa/Dar_es_Salaam', 'Africa/Kigali', 'UTC', 'Europe/London'), (at, zone) => {
        const day = dayOf(at, zone);
        const { start, end } = dayRange(day, day, zone);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(end.getTime()).toBeGreaterThan(at.getTime());
      }),
    );
  });
  it('prints an instant on the wall clock of the zone, midnight as 00:00', () => {
    expect(localDateTime(new Date('2026-11-24T21:00:00Z'))).toBe('2026-11-25 00:00');
    expect(localDateTime(new Date('2026-11-24T20:59:59Z'))).toBe('2026-11-24 23:59');
    expect(localDateTime(new Date('2026-11-24T21:30:00Z'), 'Africa/Kigali')).toBe('2026-11-24 23:30');
    expect(localDateTime(new Date('2026-07-01T12:05:00Z'), 'Europe/London')).toBe('2026-07-01 13:05');
  });

  it('agrees with the instant range of its day also across daylight saving (Europe/London)', () => {
    // 01:30 UTC on the last Sunday of March is 02:30 BST: the clocks skipped 01:00–02:00.
    expect(dayOf(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toBe('2026-03-29');
    expect(dayOf(new Date('2026-03-28T23:59:00Z'), 'Europe/London')).toBe('2026-03-28');
    expect(localDateTime(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toBe('2026-03-29 02:30');
  });

  it('prints the wall clock Intl gives, minute by minute through offset changes, in zones whose offsets are not whole hours', () => {
    // dayOf and localDateTime learn a zone's offset once per quarter hour of UTC; every instant must still read as Intl reads it.
    const cases = [
      { zone: 'Europe/London', from: Date.UTC(2026, 2, 29, 0, 0) },
      { zone: 'America/St_Johns', from: Date.UTC(2026, 10, 1, 2, 0) },
      { zone: 'Asia/Kathmandu', from: Date.UTC(2026, 0, 1, 17, 0) },
      { zone: 'Australia/Lord_Howe', from: Date.UTC(2026, 3, 4, 14, 0) },
      { zone: 'Africa/Dar_es_Salaam', from: Date.UTC(2026, 11, 31, 20, 0) },
    ];
    for (const { zone, from } of cases) {
      const intl = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      for (let minute = 0; minute < 6 * 60; minute += 7) {
        const at = new Date(from + minute * 60_000 + 13_000);
        const parts = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, part.value]));
        const expected = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
        expect(localDateTime(at, zone), `${zone} ${at.toISOString()}`).toBe(expected);
        expect(dayOf(at, zone)).toBe(expected.slice(0, 10));
      }
    }
  });
});
