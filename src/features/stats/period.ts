/** Today's date in East Africa (YYYY-MM-DD) through Intl: domain/calendar's answer without date-fns in this chunk. */
const EAST_AFRICA = 'Africa/Dar_es_Salaam';
// en-CA writes dates as YYYY-MM-DD: a format code, not words for people.
const ISO_DAY_LOCALE = 'en-CA';

export function todayInEastAfrica(now = new Date()): string {
  return new Intl.DateTimeFormat(ISO_DAY_LOCALE, { timeZone: EAST_AFRICA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The default period: the calendar month so far. */
export function monthSoFar(now = new Date()): { from: string; to: string } {
  const today = todayInEastAfrica(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}
