import { type Day, dayOf, dayStart } from '../../../domain/calendar';

/**
 * The day a moment falls on where the church or mosque is (its zone, ADR 077): what a treasurer
 * calls "today", whatever zone the device is set to.
 */
export function deskDay(timeZone: string, at: Date = new Date()): Day {
  return dayOf(at, timeZone);
}

const MIDDAY_MS = 12 * 3_600_000;

/**
 * The moment a receipt was received, from the date picked on the form: now when it is today
 * (keeps the order of envelopes), otherwise midday of that day in the institution's zone, so the
 * server puts it on the same day.
 */
export function receivedAtFor(date: Day, timeZone: string, now: Date = new Date()): string {
  if (date === deskDay(timeZone, now)) return now.toISOString();
  return new Date(dayStart(date, timeZone).getTime() + MIDDAY_MS).toISOString();
}
