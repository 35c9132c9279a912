import { generate, verify } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TYPES } from '../../domain/statuses';
import { type Database, openDatabase } from '../../server/db/client';
import { DEMO_TOTP_SECRET, demoUsers } from '../../server/db/seed/demo-users';
import { ensureSeeded, type SeedOutcome } from '../../server/db/seed/ensure-seeded';
import { findUserById, toAuthUser } from '../../server/services/auth/load-user';
import { verifyPassword } from '../../server/services/auth/passwords';
import { listBatches } from '../../server/services/desk/batch-list';
import { readModelDifferences } from '../../server/services/read-model/read-model-check';

// Always in-memory PGlite (even when TEST_DATABASE_URL is set): the seed runs into a fresh,
// empty database twice, and a shared PostgreSQL database would not be empty.
const PASSWORD = 'Sadaka@2026';
const NOW = new Date('2026-03-01T09:30:00Z');

/** A digest of the rows that matter, to prove two runs write the same data. */
async function checksum(database: Database): Promise<string> {
  const { rows } = await database.raw.query(`
    select md5(
      (select string_agg(concat_ws('|', id, code, path, title, branch_id, referral_code), ',' order by id) from institutions) ||
      (select string_agg(concat_ws('|', id, institution_id, code, phone, first_name, last_name, zone_id), ',' order by id) from members) ||
      (select string_agg(concat_ws('|', id, reference_no, amount, status, method, operator, received_at, batch_id, receipt_no, request_hash), ',' order by reference_no) from transactions) ||
      (select string_agg(concat_ws('|', id, institution_id, name, service_date, status, closed_at), ',' order by id) from receipt_batches) ||
      (select string_agg(concat_ws('|', id, entry_id, account, institution_id, debit, credit), ',' order by id) from ledger_lines) ||
      (select string_agg(concat_ws('|', id, church_bp, field_bp, union_bp, title), ',' order by id) from offering_types)
    ) as digest`);
  return String(rows[0]?.digest);
}

async function one<T = Record<string, unknown>>(database: Database, text: string): Promise<T> {
  return (await database.raw.query(text)).rows[0] as T;
}

describe('demo seed', () => {
  let database: Database;
  let first: SeedOutcome;
  let firstDigest: string;
  let secondDigest: string;
  let secondCounts: SeedOutcome;

  beforeAll(async () => {
    // The second run happens first and is closed, so only one PGlite is in memory at a time.
    const other = await openDatabase({ dataDir: null });
    secondCounts = await ensureSeeded(other, { demoPassword: PASSWORD, now: NOW });
    secondDigest = await checksum(other);
    await other.close();

    database = await openDatabase({ dataDir: null });
    first = await ensureSeeded(database, { demoPassword: PASSWORD, now: NOW });
    firstDigest = await checksum(database);
    // Two whole demo seeds in PGlite: about a minute on a quiet machine, past the 120 s default
    // hook timeout when the machine is loaded. Speed is measured in `npm run bench`, not here.
  }, 360_000);
  afterAll(() => database?.close());

  it('is deterministic: same counts and the same rows on every run', () => {
    expect(first.seeded).toBe(true);
    expect(secondCounts.seeded).toBe(true);
    if (!first.seeded || !secondCounts.seeded) return;
    expect(first.counts).toEqual(secondCounts.counts);
    expect(firstDigest).toBe(secondDigest);
  });

  it('has the sizes the demo promises', () => {
    if (!first.seeded) throw new Error('not seeded');
    const { counts } = first;
    expect(counts.bank_branches).toBe(6);
    expect(counts.currencies).toBe(7);
    expect(counts.members).toBeGreaterThanOrEqual(1800);
    expect(counts.members).toBeLessThanOrEqual(2300);
    expect(counts.transactions).toBeGreaterThanOrEqual(15_000);
    expect(counts.transactions).toBeLessThanOrEqual(25_000);
  });

  it('seeds only once: the marker makes a second call a no-op', async () => {
    const again = await ensureSeeded(database, { demoPassword: PASSWORD, now: NOW });
    expect(again.seeded).toBe(false);
    const { n } = await one<{ n: number }>(database, `select count(*)::int as n from members`);
    expect(first.seeded && n).toBe(first.seeded && first.counts.members);
  });

  it('the read model of the seeded money agrees with the ledger (ADR 030)', async () => {
    expect(await readModelDifferences(database.db)).toEqual([]);
    const { n } = await one<{ n: number }>(database, `select count(*)::int as n from collection_totals where period = 'month'`);
    expect(n).toBeGreaterThan(0);
  });

  it('the read-model check finds one shilling changed in any table of the read model', async () => {
    const tables = [
      ['collection_totals', 'amount'],
      ['offering_totals', 'share_church'],
      ['collection_rollup', 'amount'],
      ['collection_year_totals', 'amount'],
      ['institution_year_totals', 'amount'],
      ['operator_totals', 'amount'],
      ['offering_rollup', 'share_church'],
      ['offering_rollup_sums', 'types'],
      ['operator_rollup', 'amount'],
      ['collection_top_rollup', 'amount'],
    ] as const;
    // In every table the row with the largest measure a shilling off (still the largest after it: an
    // update moves the row, so it is found again by value to put it back). tableoid: offering_rollup is partitioned.
    const largest = (table: string, measure: string) => `(tableoid, ctid) = (select tableoid, ctid from ${table} order by ${measure} desc limit 1)`;
    for (const [table, measure] of tables) await database.raw.exec(`update ${table} set ${measure} = ${measure} + 1 where ${largest(table, measure)}`);
    const found = await readModelDifferences(database.db);
    // Each comparison sees its table (the rollups kept from a changed table by triggers differ more).
    for (const [table] of tables) {
      expect(found.some((row) => row.table === table && row.stored !== row.expected), table).toBe(true);
    }
    for (const [table, measure] of tables) await database.raw.exec(`update ${table} set ${measure} = ${measure} - 1 where ${largest(table, measure)}`);
    expect(await readModelDifferences(database.db)).toEqual([]);
  }, 120_000);

  it('every offering type divides exactly 100%', async () => {
    const bad = await one<{ n: number }>(database, `select count(*)::int as n from offering_types where church_bp + field_bp + union_bp <> 10000`);
    expect(bad.n).toBe(0);
  });

  it('every transaction is fully covered by its lines', async () => {
    const bad = await one<{ n: number }>(
      database,
      `select count(*)::int as n from transactions t
       where t.amount <> (select coalesce(sum(l.amount), 0) from transaction_lines l where l.transaction_id = t.id)`,
    );
    expect(bad.n).toBe(0);
  });

  it('every completed transaction has one balanced ledger entry whose shares add up to the amount; others have none', async () => {
    const unbalanced = await one<{ n: number }>(
      database,
      `select count(*)::int as n from transactions t
       left join ledger_entries e on e.transaction_id = t.id
       left join lateral (select sum(debit) as debit, sum(credit) as credit from ledger_lines where entry_id = e.id) s on true
       where t.status = 'completed' and (e.id is null or s.debit <> t.amount or s.credit <> t.amount)`,
    );
    expect(unbalanced.n).toBe(0);
    const stray = await one<{ n: number }>(
      database,
      `select count(*)::int as n from ledger_entries e join transactions t on t.id = e.transaction_id where t.status <> 'completed'`,
    );
    expect(stray.n).toBe(0);
    const perEntry = await one<{ n: number }>(database, `select count(*)::int as n from (select transaction_id from ledger_entries group by 1 having count(*) > 1) x`);
    expect(perEntry.n).toBe(0);
  });

  it('credits each share to the right institution up the tree', async () => {
    const wrong = await one<{ n: number }>(
      database,
      `select count(*)::int as n from ledger_lines ll
       join ledger_entries e on e.id = ll.entry_id
       join transactions t on t.id = e.transaction_id
       join institutions c on c.id = t.institution_id
       join institutions target on target.id = ll.institution_id
       join institution_levels lvl on lvl.id = target.level_id
       where ll.account like 'share:%' and not (
         c.path like target.path || '%' and lvl.rank = case ll.account when 'share:church' then 4 when 'share:field' then 2 else 1 end
       )`,
    );
    expect(wrong.n).toBe(0);
  });

  it('gives every congregation members, with phones and codes unique per institution', async () => {
    const empty = await one<{ n: number }>(
      database,
      `select count(*)::int as n from institutions i join institution_levels l on l.id = i.level_id
       where l.holds_members and i.status = 'active' and not exists (select 1 from members m where m.institution_id = i.id)`,
    );
    expect(empty.n).toBe(0);
    const phones = await one<{ n: number }>(database, `select count(*)::int as n from (select 1 from members group by institution_id, phone having count(*) > 1) x`);
    expect(phones.n).toBe(0);
    const badPhone = await one<{ n: number }>(database, `select count(*)::int as n from members where phone !~ '^\\+255(6[1-9]|7[1-8])[0-9]{7}$'`);
    expect(badPhone.n).toBe(0);
  });

  it('uses every payment method and status', async () => {
    const { rows } = await database.raw.query(`select distinct method, status from transactions`);
    expect(new Set(rows.map((row) => row.method))).toEqual(new Set(['mobile', 'card', 'bank', 'cash', 'cheque']));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['completed', 'pending', 'failed', 'pending_cancel', 'canceled']));
  });

  it('lets every demo user sign in with DEMO_PASSWORD, with the flags the README promises', async () => {
    const { rows } = await database.raw.query(`select username, password_hash, force_change_password, totp_enabled, totp_secret from users`);
    for (const user of demoUsers) {
      const row = rows.find((candidate) => candidate.username === user.username);
      expect(row, user.username).toBeDefined();
      expect(await verifyPassword(String(row!.password_hash), PASSWORD), user.username).toBe(true);
      expect(row!.force_change_password, user.username).toBe(user.forceChangePassword);
      expect(row!.totp_enabled, user.username).toBe(user.totp);
    }
    const secure = rows.find((row) => row.username === 'secure')!;
    expect(secure.totp_secret).toBe(DEMO_TOTP_SECRET);
    // The secret printed in the banner and README must be one an authenticator app accepts.
    const epoch = Math.floor(NOW.getTime() / 1000);
    const token = await generate({ secret: DEMO_TOTP_SECRET, epoch });
    expect((await verify({ secret: DEMO_TOTP_SECRET, token, epoch })).valid).toBe(true);
  });

  it('leaves one pending request of every type, made by the branch officer', async () => {
    const { rows } = await database.raw.query(
      `select a.type from approval_requests a join users u on u.id = a.maker_id where a.status = 'requested' and u.username = 'branch'`,
    );
    expect(rows.map((row) => row.type).sort()).toEqual([...REQUEST_TYPES].sort());
  });

  it('gives the treasurer’s church last Sunday’s batch, counted and closed, and an open one with a few envelopes', async () => {
    // NOW is Sunday 1 March: the last Sunday before it is 22 February, and Saturday is "yesterday".
    const { rows } = await database.raw.query(`
      select b.name, to_char(b.service_date, 'YYYY-MM-DD') as day, b.status, b.closed_at is not null as closed, u.username as by,
             count(t.id)::int as receipts, count(t.member_id)::int as members,
             count(*) filter (where t.member_id is null and t.payer_name is not null and t.payer_phone is not null)::int as walk_ins,
             count(distinct t.member_id)::int as distinct_members
        from receipt_batches b join institutions i on i.id = b.institution_id join users u on u.id = b.created_by
        left join transactions t on t.batch_id = b.id
       where i.code = 'MWG' group by b.id, u.username order by b.service_date`);
    expect(rows).toEqual([
      { name: 'Ibada ya Jumapili 2026-02-22', day: '2026-02-22', status: 'closed', closed: true, by: 'treasurer', receipts: 14, members: 12, walk_ins: 2, distinct_members: 12 },
      { name: 'Ibada 2026-02-28', day: '2026-02-28', status: 'open', closed: false, by: 'treasurer', receipts: 4, members: 3, walk_ins: 1, distinct_members: 3 },
    ]);
    const batchCount = await one<{ n: number }>(database, `select count(*)::int as n from receipt_batches`);
    expect(batchCount.n).toBe(2);
  });

  it('posts the batch receipts as the sync does: cash from the treasurer’s members, tithe and offering lines, a device number each', async () => {
    const wrong = await one<{ n: number }>(
      database,
      `select count(*)::int as n from transactions t
        join receipt_batches b on b.id = t.batch_id
        left join members m on m.id = t.member_id
        left join users u on u.id = t.created_by
       where t.method <> 'cash' or t.status <> 'completed' or t.fee <> 0 or t.currency <> b.currency
          or t.institution_id <> b.institution_id or t.client_id is null or t.request_hash !~ '^[0-9a-f]{64}$'
          or t.receipt_no !~ '^MWG-[0-9A-HJKMNP-TV-Z]{5}-[0-9]{6}$' or t.reference_no !~ '^CR[0-9]{6}[0-9A-F]{12}$'
          or (t.member_id is not null and (m.institution_id <> t.institution_id or t.payer_name <> m.first_name || ' ' || m.last_name))
          or u.username <> 'treasurer' or t.received_at > t.completed_at`,
    );
    expect(wrong.n).toBe(0);
    const { rows } = await database.raw.query(
      `select distinct o.title from transactions t join transaction_lines l on l.transaction_id = t.id join offering_types o on o.id = l.offering_type_id
        where t.batch_id is not null order by 1`,
    );
    expect(rows.map((row) => row.title)).toEqual(['Sadaka (Offering)', 'Zaka (Tithe)']);
    const numbers = await one<{ n: number; distinct: number }>(database, `select count(receipt_no)::int as n, count(distinct receipt_no)::int as distinct from transactions where batch_id is not null`);
    expect(numbers).toEqual({ n: 18, distinct: 18 });
  });

  it('reports each closed batch with the count and total of its receipts, and every one of their ledger entries balances', async () => {
    const treasurer = await one<{ id: number }>(database, `select id from users where username = 'treasurer'`);
    const user = await toAuthUser(database.db, (await findUserById(database.db, treasurer.id))!);
    const { data } = await listBatches(database.db, user!, { limit: 50 }, new Date());
    expect(data).toHaveLength(2);
    for (const batch of data) {
      const sums = await database.raw.query(
        `select count(distinct t.id)::int as receipts, sum(l.amount)::bigint::text as lines
           from transactions t join transaction_lines l on l.transaction_id = t.id where t.batch_id = $1`,
        [batch.id],
      );
      expect({ receipts: batch.receiptCount, total: batch.total }).toEqual({ receipts: sums.rows[0]!.receipts, total: Number(sums.rows[0]!.lines) });
      expect(batch.total).toBeGreaterThan(0);
    }
    const closed = data.filter((batch) => batch.status === 'closed');
    expect(closed.map((batch) => batch.receiptCount)).toEqual([14]);

    // Per entry: clearing debited with the amount at the church, each line credited in full to its shares.
    const unbalanced = await one<{ n: number }>(
      database,
      `select count(*)::int as n from transactions t join ledger_entries e on e.transaction_id = t.id
        where t.batch_id is not null and (
          (select sum(debit) from ledger_lines where entry_id = e.id) <> (select sum(credit) from ledger_lines where entry_id = e.id)
          or (select sum(debit) from ledger_lines where entry_id = e.id and account = 'clearing' and institution_id = t.institution_id) <> t.amount
          or exists (
            select 1 from transaction_lines l where l.transaction_id = t.id and l.amount <>
              (select coalesce(sum(credit), 0) from ledger_lines where entry_id = e.id and offering_type_id = l.offering_type_id and account like 'share:%')))`,
    );
    expect(unbalanced.n).toBe(0);
    const entries = await one<{ n: number }>(database, `select count(*)::int as n from ledger_entries e join transactions t on t.id = e.transaction_id where t.batch_id is not null`);
    expect(entries.n).toBe(18);
  });

  it('moves the id sequences past the seeded rows', async () => {
    const { rows } = await database.raw.query(
      `insert into zones (institution_id, name) select id, 'New zone' from institutions where code = 'MWG' returning id`,
    );
    const max = await one<{ n: number }>(database, `select max(id)::int as n from zones where name <> 'New zone'`);
    expect(Number(rows[0]?.id)).toBeGreaterThan(max.n);
  });
});
