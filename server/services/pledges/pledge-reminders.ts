import { toLocale, type Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import { PLEDGE_REMINDER_CRON, reminderOffsets } from '../../../domain/pledge-reminders';
import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';

/**
 * Pledge reminders (ADR 050). A reminder is CLAIMED before it is sent: one row in
 * `pledge_reminders` keyed by (pledge, day in the institution's zone), inserted with ON CONFLICT
 * DO NOTHING. PostgreSQL lets exactly one of two concurrent inserts of a key through, so two job
 * workers, two replicas or a "remind now" racing the schedule send one SMS per pledge per day.
 * The message goes through the one SMS engine (`ctx.sms`): written and charged to the
 * institution's wallet in one statement, sent by the sms-send queue. A send that fails before the
 * messages are written gives the claims back, so the retry of the job can send them.
 */
export const PLEDGE_REMINDER_QUEUE = 'pledge-reminders';
const PLEDGE_REMINDER_QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 };
/** Pledges claimed and sent per round of a sweep: one SMS statement and one update each. */
const SWEEP_BATCH = 500;

export type ReminderDeps = Pick<AppContext, 'database' | 'sms' | 'translator' | 'now'>;
export type ReminderTrigger = 'schedule' | 'manual';
type Claimed = {
  pledgeId: number;
  day: string;
  institutionId: number;
  church: string;
  phone: string;
  name: string;
  language: Locale;
  currency: string;
  total: number;
  paid: number;
  dueDay: string;
  overdue: boolean;
};

/**
 * Claims the reminder of `day` (the institution's today) for the pledges the candidate query
 * selects, answering the rows it claimed with what the message needs. `$1` is now, `$2` the
 * trigger, `$3` who asked; further parameters are the candidate query's.
 */
const TODAY = `to_char(($1::timestamptz at time zone i.time_zone)::date, 'YYYY-MM-DD')`;
const claimSql = (candidates: string) => `
  with today as (
    select p.id, ${TODAY} as day
      from pledges p
      join institutions i on i.id = p.institution_id
      join members m on m.id = p.member_id and m.deleted_at is null
     where p.paid < p.total and m.phone <> ''
       and not exists (select 1 from pledge_reminders r where r.pledge_id = p.id and r.day = ${TODAY})
       and ${candidates}
  ), claimed as (
    insert into pledge_reminders (pledge_id, day, trigger, created_by, created_at)
    select t.id, t.day, $2, $3::int, $1::timestamptz from today t
    on conflict do nothing
    returning pledge_id, day
  )
  select c.pledge_id, c.day, p.institution_id, i.title as church, m.phone, m.first_name, m.last_name, m.preferred_language,
         p.currency, p.total, p.paid,
         to_char((p.due_date at time zone i.time_zone)::date, 'YYYY-MM-DD') as due_day,
         (p.due_date at time zone i.time_zone)::date < c.day::date as overdue
    from claimed c
    join pledges p on p.id = c.pledge_id
    join institutions i on i.id = p.institution_id
    join members m on m.id = p.member_id
   order by c.pledge_id`;

function toClaimed(row: Record<string, unknown>): Claimed {
  return {
    pledgeId: Number(row.pledge_id),
    day: String(row.day),
    institutionId: Number(row.institution_id),
    church: String(row.church),
    phone: String(row.phone),
    name: `${String(row.first_name)} ${String(row.last_name)}`.trim(),
    language: toLocale(row.preferred_language),
    currency: String(row.currency),
    total: Number(row.total),
    paid: Number(row.paid),
    dueDay: String(row.due_day),
    overdue: row.overdue === true,
  };
}

/** Intl's no-break spaces would turn a GSM-7 text into UCS-2 (half the characters a part). */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
export function formatDay(day: string, language: Locale): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', { timeZone: 'UTC', dateStyle: 'medium' });
    dayFormats.set(language, format);
  }
  return plainSpaces(format.format(new Date(`${day}T00:00:00Z`)));
}

/** The reminder in the member's language: "due on" before the date, "was due on" after it. */
export function reminderText(deps: Pick<ReminderDeps, 'translator'>, pledge: Claimed): string {
  const money = (amount: number) => plainSpaces(formatMoney(amount, pledge.currency, pledge.language));
  return deps.translator.t(pledge.language, pledge.overdue ? messages.pledgeOverdueSms : messages.pledgeReminderSms, {
    church: pledge.church,
    name: pledge.name,
    amount: money(pledge.total),
    remaining: money(pledge.total - pledge.paid),
    dueDate: formatDay(pledge.dueDay, pledge.language),
  });
}

/**
 * Sends the claimed reminders in one charge (the wallet pays for as many as it has units, the rest
 * wait for a top-up as every SMS does), then points each claim at its message and stamps the
 * pledges' `reminded_at`. If the messages could not be written, the claims are given back.
 */
async function sendClaimed(deps: ReminderDeps, claimed: readonly Claimed[], createdBy: number | null, at: Date): Promise<number[]> {
  if (claimed.length === 0) return [];
  let sent: Array<{ id: number }>;
  try {
    sent = await deps.sms.sendMany(
      claimed.map((pledge) => ({ to: pledge.phone, message: reminderText(deps, pledge), institutionId: pledge.institutionId, purpose: 'pledge-reminder', createdBy })),
    );
  } catch (error) {
    await deps.database.raw.query(
      `delete from pledge_reminders r using unnest($1::int[], $2::text[]) as u(pledge_id, day)
        where r.pledge_id = u.pledge_id and r.day = u.day and r.sms_id is null`,
      [claimed.map((c) => c.pledgeId), claimed.map((c) => c.day)],
    );
    throw error;
  }
  const smsIds = sent.map((message) => message.id);
  await deps.database.raw.query(
    `with linked as (
       update pledge_reminders r set sms_id = u.sms_id
         from unnest($1::int[], $2::text[], $3::int[]) as u(pledge_id, day, sms_id)
        where r.pledge_id = u.pledge_id and r.day = u.day
        returning r.pledge_id
     )
     update pledges set reminded_at = $4::timestamptz where id in (select pledge_id from linked)`,
    [claimed.map((c) => c.pledgeId), claimed.map((c) => c.day), smsIds, at.toISOString()],
  );
  return smsIds;
}

/**
 * One scheduled run: every open pledge whose due date is a reminder day from today (in its
 * institution's zone), not made today, not yet reminded today. Answers how many were sent.
 */
export async function sweepPledgeReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  const offsets = reminderOffsets();
  const candidates = `(p.due_date at time zone i.time_zone)::date - ($1::timestamptz at time zone i.time_zone)::date = any($4::int[])
       and (p.created_at at time zone i.time_zone)::date < ($1::timestamptz at time zone i.time_zone)::date
     order by p.id limit ${SWEEP_BATCH}`;
  let total = 0;
  for (;;) {
    const { rows } = await deps.database.raw.query(claimSql(candidates), [now.toISOString(), 'schedule', null, offsets]);
    if (rows.length === 0) return total;
    total += (await sendClaimed(deps, rows.map(toClaimed), null, now)).length;
  }
}

/**
 * "Remind now" for one open pledge (the caller's scope is checked by the route first). Answers the
 * message, or null when the pledge was already reminded today, by the schedule or by anyone.
 */
export async function remindPledgeNow(deps: ReminderDeps, pledgeId: number, userId: number): Promise<{ smsId: number; at: Date } | null> {
  const now = deps.now();
  const { rows } = await deps.database.raw.query(claimSql('p.id = $4::int'), [now.toISOString(), 'manual', userId, pledgeId]);
  const claimed = rows.map(toClaimed);
  if (claimed.length === 0) return null;
  const [smsId] = await sendClaimed(deps, claimed, userId, now);
  return smsId === undefined ? null : { smsId, at: now };
}

/** The reminder queue and its schedule (pg-boss `schedule`: stored in the database, one job per tick across replicas). */
export function definePledgeReminderQueue(jobs: JobRunner, deps: ReminderDeps): void {
  jobs.define<Record<string, never>>(PLEDGE_REMINDER_QUEUE, PLEDGE_REMINDER_QUEUE_OPTIONS, async () => {
    await sweepPledgeReminders(deps);
  });
  jobs.schedule(PLEDGE_REMINDER_QUEUE, PLEDGE_REMINDER_CRON, {});
}
