/**
 * When the schedule reminds an unpaid pledge (ADR 050), counted in calendar days of the
 * institution's zone: a week before and the day before it is due, then the day after and weekly
 * while it stays unpaid, for eight weeks. Never twice on one day (the `pledge_reminders` key).
 */
export const REMINDER_DAYS_BEFORE_DUE = [7, 1] as const;
/** Days after the due date: 1, 8, 15, … 50. */
export const OVERDUE_FIRST_DAY = 1;
export const OVERDUE_EVERY_DAYS = 7;
export const OVERDUE_REMINDERS = 8;

/** Every day relative to the due date (due minus today) on which the schedule sends one. */
export function reminderOffsets(): number[] {
  const after = Array.from({ length: OVERDUE_REMINDERS }, (_, n) => -(OVERDUE_FIRST_DAY + n * OVERDUE_EVERY_DAYS));
  return [...REMINDER_DAYS_BEFORE_DUE, ...after];
}

/**
 * The sweep runs hourly through working hours in East Africa (pg-boss schedule, tz of the job
 * runner): the first tick of the day sends, later ones find the day already claimed and only pick
 * up what an earlier tick could not finish.
 */
export const PLEDGE_REMINDER_CRON = '0 8-18 * * *';
