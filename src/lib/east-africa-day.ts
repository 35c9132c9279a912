/** Today's date in East Africa (YYYY-MM-DD) through Intl: domain/calendar's answer without date-fns in this chunk. */
const EAST_AFRICA = 'Africa/Dar_es_Salaam';
// en-CA writes dates as YYYY-MM-DD: a format code, not words for people.
const ISO_DAY_LOCALE = 'en-CA';

export function todayInEastAfrica(now = new Date()): string {
  return new Intl.DateTimeFormat(ISO_DAY_LOCALE, { timeZone: EAST_AFRICA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
