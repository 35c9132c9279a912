import type { SmsStatus } from '../../../domain/statuses';
import type { RawSql } from '../../db/client';

/**
 * The prepaid SMS wallet. Each message is written and charged in ONE statement: the CTE takes one
 * unit only while sms_left > 0 (PostgreSQL re-checks the row under its lock, so 20 concurrent
 * sends against a balance of 5 charge exactly 5), and the row is queued when the charge happened,
 * 'waiting_balance' when it did not. No window exists where a row is charged twice or not at all.
 * Messages without an institution (password reset codes) are the bank's and are not charged.
 */
export async function insertChargedSms(
  raw: RawSql,
  input: { to: string; message: string; institutionId: number | null; purpose: string; createdBy: number | null; createdAt: Date },
): Promise<{ id: number; status: SmsStatus }> {
  const { rows } = await raw.query(
    `with charged as (
       update institutions set sms_left = sms_left - 1
        where $3::int is not null and id = $3::int and sms_left > 0
        returning id
     )
     insert into sms_messages (institution_id, receiver, message, purpose, status, created_by, created_at)
     values ($3::int, $1, $2, $4, case when $3::int is null or exists (select 1 from charged) then 'queued' else 'waiting_balance' end, $5::int, $6)
     returning id, status`,
    [input.to, input.message, input.institutionId, input.purpose, input.createdBy, input.createdAt.toISOString()],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into sms_messages returned no row');
  return { id: Number(row.id), status: row.status as SmsStatus };
}

/**
 * `id`, when given, was drawn from the sms_messages sequence beforehand (a campaign claims its
 * recipients that way): the row is written under it, so a retry that writes it again fails on the
 * primary key instead of sending a second message.
 */
export type SmsRow = { id?: number | undefined; to: string; message: string; institutionId: number | null; purpose: string; createdBy: number | null };

/**
 * Many messages written and charged in ONE statement. The institutions' wallet rows are locked
 * first (FOR UPDATE, in id order, so two of these cannot deadlock), which also gives their balance
 * as it stands after any concurrent charge that committed meanwhile; each institution then pays
 * for as many of its messages as it has units, in the order given, and those are 'queued', the
 * rest 'waiting_balance'. Ids are drawn in the order given, so a top-up releases them in that
 * order too. Answers in the order given.
 */
export async function insertChargedSmsMany(raw: RawSql, all: readonly SmsRow[], createdAt: Date): Promise<Array<{ id: number; status: SmsStatus }>> {
  if (all.length === 0) return [];
  const { rows } = await raw.query(
    `with wanted as materialized (
       select coalesce(n.given_id, nextval(pg_get_serial_sequence('sms_messages', 'id'))::int) as id, n.*
         from (select m.*, row_number() over (partition by m.institution_id order by m.ord) as nth
                 from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[], $7::int[])
                      with ordinality as m(receiver, message, institution_id, purpose, created_by, given_id, ord)) n
        order by n.ord
     ), wallet as materialized (
       select id, sms_left from institutions
        where id in (select institution_id from wanted)
        order by id
        for update
     ), charged as (
       update institutions i set sms_left = i.sms_left - least(w.sms_left, c.n)
         from wallet w
         join (select institution_id, count(*)::int as n from wanted group by institution_id) c on c.institution_id = w.id
        where i.id = w.id and w.sms_left > 0
     ), inserted as (
       insert into sms_messages (id, institution_id, receiver, message, purpose, status, created_by, created_at)
       select q.id, q.institution_id, q.receiver, q.message, q.purpose,
              case when q.institution_id is null or q.nth <= coalesce(w.sms_left, 0) then 'queued' else 'waiting_balance' end,
              q.created_by, $6::timestamptz
         from wanted q left join wallet w on w.id = q.institution_id
       returning id, status
     )
     select i.id, i.status from inserted i join wanted q on q.id = i.id order by q.ord`,
    [
      all.map((sms) => sms.to),
      all.map((sms) => sms.message),
      all.map((sms) => sms.institutionId),
      all.map((sms) => sms.purpose),
      all.map((sms) => sms.createdBy),
      createdAt.toISOString(),
      all.map((sms) => sms.id ?? null),
    ],
  );
  if (rows.length !== all.length) throw new Error(`insert into sms_messages returned ${rows.length} rows for ${all.length} messages`);
  return rows.map((row) => ({ id: Number(row.id), status: row.status as SmsStatus }));
}

/**
 * Charges the oldest waiting message of an institution and queues it; null when none is waiting
 * or the wallet is empty. SKIP LOCKED lets two releases run side by side without taking the same row.
 */
export async function chargeNextWaiting(raw: RawSql, institutionId: number): Promise<number | null> {
  const { rows } = await raw.query(
    `with next as (
       select id from sms_messages
        where institution_id = $1 and status = 'waiting_balance'
        order by id limit 1
        for update skip locked
     ), charged as (
       update institutions set sms_left = sms_left - 1
        where id = $1 and sms_left > 0 and exists (select 1 from next)
        returning id
     )
     update sms_messages set status = 'queued'
      where id in (select id from next) and exists (select 1 from charged)
      returning id`,
    [institutionId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Gives the unit back when the provider refused the message outright (nothing was sent). */
export async function refundSms(raw: RawSql, institutionId: number | null): Promise<void> {
  if (institutionId === null) return;
  await raw.query('update institutions set sms_left = sms_left + 1 where id = $1', [institutionId]);
}
