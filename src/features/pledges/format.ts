import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** A calendar day ("2026-04-30") as the reader writes it; days are already the institution's. */
export function formatDay(day: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** A moment in East Africa Time, as the reader writes it. */
export function formatMoment(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_TIME_ZONE });
}
