/** yyyy-mm-dd of a moment in the device's own time zone (what a treasurer calls "today"). */
export function localDate(at: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * The moment a receipt was received, from the date picked on the form: now when it is today
 * (keeps the order of envelopes), otherwise midday of that day so no time zone moves it a day.
 */
export function receivedAtFor(date: string, now: Date = new Date()): string {
  if (date === localDate(now)) return now.toISOString();
  return new Date(`${date}T12:00:00`).toISOString();
}
