import type { SmsRecipients } from '../../../../domain/api/sms';
import { toLocale, type Locale } from '../../../../domain/locale';
import { toE164 } from '../../../../domain/phone';
import type { RawSql } from '../../../db/client';

/** One person a campaign writes to, with what the placeholders need (their soonest open pledge). */
export type Recipient = {
  phone: string;
  memberId: number | null;
  name: string;
  language: Locale;
  pledge: { currency: string; remaining: number; dueDay: string } | null;
};

/**
 * Members of the institution with a phone, and their soonest-due open pledge (for {amount} and
 * {dueDate}). `$1` is the institution, `$2` now; `filter` narrows the members, `pledgeFilter` the
 * pledges (the pledges kind keeps only members whose pledge matches it).
 */
const memberSql = (filter: string, pledgeFilter: string, pledgeRequired: boolean) => `
  select m.id, m.phone, m.first_name, m.last_name, m.preferred_language, p.currency, p.remaining, p.due_day
    from members m
    join institutions i on i.id = m.institution_id
    ${pledgeRequired ? 'join' : 'left join'} lateral (
      select p.currency, (p.total - p.paid)::bigint as remaining,
             to_char((p.due_date at time zone i.time_zone)::date, 'YYYY-MM-DD') as due_day
        from pledges p
       where p.member_id = m.id and p.institution_id = m.institution_id and p.paid < p.total ${pledgeFilter}
       order by p.due_date, p.id
       limit 1
    ) p on true
   where m.institution_id = $1 and $2::timestamptz is not null and m.deleted_at is null and m.phone <> '' ${filter}
   order by m.id`;

const TODAY = `($2::timestamptz at time zone i.time_zone)::date`;
const DUE = `(p.due_date at time zone i.time_zone)::date`;

function toRecipient(row: Record<string, unknown>): Recipient {
  return {
    phone: String(row.phone),
    memberId: Number(row.id),
    name: `${String(row.first_name ?? '')} ${String(row.last_name ?? '')}`.trim(),
    language: toLocale(row.preferred_language),
    pledge: row.due_day == null ? null : { currency: String(row.currency), remaining: Number(row.remaining), dueDay: String(row.due_day) },
  };
}

/**
 * Who a campaign of `institutionId` reaches, in send order, one message per phone. Numbers typed
 * in a list are matched to the institution's members (for their name and language); a number
 * that is no member's still gets the message, in the institution's default language (Swahili).
 * Zones include their sub-zones.
 */
export async function resolveRecipients(raw: RawSql, institutionId: number, recipients: SmsRecipients, now: Date): Promise<Recipient[]> {
  const base = [institutionId, now.toISOString()];
  switch (recipients.kind) {
    case 'all':
      return (await raw.query(memberSql('', '', false), base)).rows.map(toRecipient);
    case 'zone': {
      const filter = `and m.zone_id in (
        with recursive tree as (select id from zones where id = $3 and institution_id = $1
                                union all select z.id from zones z join tree t on z.parent_id = t.id)
        select id from tree)`;
      return (await raw.query(memberSql(filter, '', false), [...base, recipients.zoneId])).rows.map(toRecipient);
    }
    case 'pledges': {
      const window = recipients.due === 'overdue' ? `and ${DUE} < ${TODAY}` : `and ${DUE} between ${TODAY} and ${TODAY} + 6`;
      return (await raw.query(memberSql('', window, true), base)).rows.map(toRecipient);
    }
    case 'list':
    case 'phone': {
      const typed = recipients.kind === 'list' ? recipients.phones : [recipients.phone];
      const phones = [...new Set(typed.map((phone) => toE164(phone)).filter((phone): phone is string => phone !== null))];
      const { rows } = await raw.query(memberSql('and m.phone = any($3::text[])', '', false), [...base, phones]);
      const byPhone = new Map(rows.map((row) => [String(row.phone), toRecipient(row)]));
      return phones.map((phone) => byPhone.get(phone) ?? { phone, memberId: null, name: '', language: 'sw', pledge: null });
    }
  }
}
