// npm run seed:scale [-- --members 100000 --transactions 1000000]: grows the demo data to bank
// size in PostgreSQL (DATABASE_URL required), generated inside the database with generate_series
// (minutes, not hours). Adds fields, districts and congregations under the demo's Christian union
// (about 50 members per congregation), members with names from the demo pools, and a year of
// givings with their lines and balanced ledger entries, spread over every congregation (the demo's
// too, so the demo treasurer sees a realistic share). Then rebuilds the read model and ANALYZEs.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { christianNames } from '../db/seed/names';
import { ensureSeeded } from '../db/seed/ensure-seeded';

const { values } = parseArgs({ options: { members: { type: 'string', default: '100000' }, transactions: { type: 'string', default: '1000000' } } });
const members = Number(values.members);
const transactionsWanted = Number(values.transactions);
if (!Number.isInteger(members) || members < 100 || !Number.isInteger(transactionsWanted) || transactionsWanted < 100) {
  console.error('--members and --transactions must be whole numbers ≥ 100');
  process.exit(2);
}
const config = loadConfig(process.env);
if (!config.databaseUrl) {
  console.error('seed:scale needs DATABASE_URL (PostgreSQL); the embedded PGlite is not meant for this size');
  process.exit(2);
}

const CHURCHES_PER_DISTRICT = 10;
const DISTRICTS_PER_FIELD = 10;
const congregations = Math.max(1, Math.round(members / 50));
const districts = Math.ceil(congregations / CHURCHES_PER_DISTRICT);
const fields = Math.ceil(districts / DISTRICTS_PER_FIELD);

// Migrations and the demo data (users, roles, reference data, the demo trees) first.
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
await ensureSeeded(database, { demoPassword: config.demoPassword, now: new Date() });
await database.close();

const client = new pg.Client({ connectionString: config.databaseUrl });
await client.connect();
const started = performance.now();
const step = async (label: string, text: string, params: unknown[] = []) => {
  const at = performance.now();
  const result = await client.query(text, params);
  console.log(`${label.padEnd(44)} ${String(result.rowCount ?? '').padStart(9)} rows ${((performance.now() - at) / 1000).toFixed(1).padStart(6)} s`);
};

try {
  const done = await client.query(`select 1 from seed_marker where name = 'scale'`);
  if (done.rowCount) {
    console.log('this database already holds scale data (seed_marker "scale"); use a fresh database');
    process.exit(0);
  }
  await client.query('begin');
  // Bulk load without per-row FK checks and without the read-model triggers (rebuilt once at the end).
  const superuser = await client.query(`select current_setting('is_superuser') = 'on' as yes`);
  if (superuser.rows[0]?.yes) await client.query(`set local session_replication_role = replica`);
  await client.query(`set local work_mem = '256MB'`);
  await client.query(`set local maintenance_work_mem = '1GB'`);

  // The bulk tables' secondary indexes are dropped for the load and built once from the loaded rows
  // (in this transaction: a failure restores them). Maintained row by row, the twenty-odd indexes of
  // transactions (trigram ones among them) made the 10x load take hours instead of minutes. The
  // indexes behind constraints (primary keys, which foreign keys need) stay.
  const bulkTables = ['members', 'transactions', 'transaction_lines', 'ledger_entries', 'ledger_lines'];
  const deferred = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = any($1::text[])
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))
     order by tablename, indexname`,
    [bulkTables],
  );
  for (const index of deferred.rows) await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
  console.log(`${deferred.rowCount} secondary indexes of ${bulkTables.join(', ')} dropped for the load`);

  // The tree: fields → districts → congregations under the Christian union, one level each.
  await step(
    'levels and the union',
    `create temp table scale_root on commit drop as
     select i.id, i.path, i.religion_id, i.branch_id,
            (select array_agg(l.id order by l.rank) from institution_levels l where l.religion_id = i.religion_id) as levels
     from institutions i join religions r on r.id = i.religion_id
     where i.parent_id is null and i.code = 'ECTU'`,
  );
  const levelSql = (depth: number) => `(select levels[${depth}] from scale_root)`;
  const addLevel = async (label: string, depth: number, prefix: string, count: number, parentSql: string) => {
    await step(
      label,
      `insert into institutions (religion_id, level_id, parent_id, title, abbreviation, code, branch_id, region, status, created_at)
       select r.religion_id, ${levelSql(depth)}, p.id, $2 || ' ' || g, $1 || g, $1 || g,
              (select id from bank_branches order by id offset (g % (select count(*) from bank_branches)) limit 1),
              'Dar es Salaam', 'active', now() - interval '2 years'
       from scale_root r
       cross join generate_series(1, $3::int) g
       join lateral (${parentSql}) p on true`,
      [prefix, label.split(' ')[0], count],
    );
    await step(`${label}: paths`, `update institutions c set path = p.path || c.id || '/' from institutions p where p.id = c.parent_id and c.path = '' and c.code like $1`, [`${prefix}%`]);
  };
  await addLevel('Field', 2, 'SCF-', fields, `select r.id`);
  await addLevel('District', 3, 'SCD-', districts, `select f.id from institutions f where f.code = 'SCF-' || (1 + (g - 1) / ${DISTRICTS_PER_FIELD})`);
  await addLevel('Church', 4, 'SCC-', congregations, `select d.id from institutions d where d.code = 'SCD-' || (1 + (g - 1) / ${CHURCHES_PER_DISTRICT})`);

  // Three offering types per new congregation (the demo's have theirs).
  await step(
    'offering types',
    `insert into offering_types (institution_id, title, church_bp, field_bp, union_bp)
     select c.id, t.title, t.c, t.f, t.u from institutions c
     cross join (values ('Zaka', 2000, 5000, 3000), ('Sadaka', 6000, 2500, 1500), ('Ujenzi', 10000, 0, 0)) t(title, c, f, u)
     where c.code like 'SCC-%'`,
  );
  // Every congregation (a leaf that holds members), numbered, with its offering types.
  await step(
    'congregations',
    `create temp table scale_congregations on commit drop as
     select row_number() over (order by i.id) - 1 as n, i.id, i.path,
            split_part(i.path, '/', 2)::int as union_id, coalesce(nullif(split_part(i.path, '/', 3), '')::int, split_part(i.path, '/', 2)::int) as field_id,
            (select array_agg(ot.id order by ot.id) from offering_types ot where ot.institution_id = i.id) as types
     from institutions i join institution_levels l on l.id = i.level_id
     where l.holds_members and exists (select 1 from offering_types ot where ot.institution_id = i.id)`,
  );

  await step(
    'members',
    `insert into members (institution_id, code, first_name, last_name, phone, gender, preferred_language, created_at, updated_at)
     select c.id, 'SM' || lpad(g::text, 8, '0'),
            case when g % 2 = 0 then ($2::text[])[1 + (g * 7) % array_length($2, 1)] else ($3::text[])[1 + (g * 11) % array_length($3, 1)] end,
            ($4::text[])[1 + (g * 13) % array_length($4, 1)],
            '+2556' || lpad(g::text, 8, '0'),
            case when g % 2 = 0 then 'female' else 'male' end,
            case when g % 5 = 0 then 'en' else 'sw' end,
            now() - ((g * 7919::bigint) % 730) * interval '1 day', now() - ((g * 7919::bigint) % 730) * interval '1 day'
     from generate_series(1, $1::int) g
     join scale_congregations c on c.n = g % (select count(*) from scale_congregations)`,
    [members, christianNames.female, christianNames.male, christianNames.surnames],
  );
  await step('member numbers', `create temp table scale_members on commit drop as select row_number() over (order by id) - 1 as n, id, institution_id, phone, first_name, last_name from members where code like 'SM%'`);
  await client.query(`create index on scale_members (n)`);

  // A year of givings: 40% cash, 5% cheque, 35% mobile, 8% card, 12% bank; online ones mostly completed.
  await step(
    'givings (staged)',
    `create temp table scale_tx on commit drop as
     select gen_random_uuid() as id, g, m.id as member_id, m.institution_id, m.phone, m.first_name, m.last_name, x.method,
            case when x.method in ('cash', 'cheque') or x.r2 < 93 then 'completed' when x.r2 < 96 then 'failed' when x.r2 < 98 then 'canceled' else 'pending' end as status,
            x.amount, case when x.method in ('cash', 'cheque') then 0 else least(x.amount / 100, 500000) end as fee, x.at
     from generate_series(1, $1::int) g
     cross join lateral (
       select case when (g * 2654435761::bigint) % 100 < 40 then 'cash' when (g * 2654435761::bigint) % 100 < 45 then 'cheque'
                   when (g * 2654435761::bigint) % 100 < 80 then 'mobile' when (g * 2654435761::bigint) % 100 < 88 then 'card' else 'bank' end as method,
              (g * 40503::bigint) % 100 as r2,
              (1 + (g * 48271::bigint) % 200) * 50000 as amount,
              now() - ((g * 16807::bigint) % (365 * 86400)) * interval '1 second' as at
     ) x
     join scale_members m on m.n = (g * 7919::bigint) % (select count(*) from scale_members)`,
    [transactionsWanted],
  );
  await step(
    'transactions',
    `insert into transactions (id, institution_id, member_id, member_name, member_last_name, payer_phone, method, operator, status, amount, currency, fee,
                               reference_no, receipt_no, trx_id, received_at, created_at, completed_at, credit_status)
     select id, institution_id, member_id, first_name || ' ' || last_name, last_name, phone, method,
            case when method = 'mobile' then (array['vodacom','tigo','airtel','halotel'])[1 + g % 4] end,
            status, amount, 'TZS', fee, 'SCL' || lpad(g::text, 9, '0'),
            case when method in ('cash','cheque') then 'RC-SCL-' || g when status = 'completed' then 'RCP-SCL' || g end,
            case when method in ('mobile','card') then 'MP' || lpad(g::text, 10, '0') when method = 'bank' then 'FT' || lpad(g::text, 12, '0') end,
            at, at, case when status = 'completed' then at + interval '2 minutes' end,
            case when status = 'completed' and method not in ('cash','cheque') then 'credited' end
     from scale_tx`,
  );
  // Lines: a third of the givings split 70/30 over two offering types, the rest one type.
  await step(
    'transaction lines (staged)',
    `create temp table scale_lines on commit drop as
     select t.id as transaction_id, t.g, l.k, c.types[1 + (t.g + l.k) % array_length(c.types, 1)] as offering_type_id,
            case when t.g % 3 <> 0 then t.amount when l.k = 0 then t.amount * 7 / 10 else t.amount - t.amount * 7 / 10 end as amount,
            case when l.k = 0 then t.fee else 0 end as fee, t.status, t.institution_id, c.field_id, c.union_id, t.at
     from scale_tx t
     join scale_congregations c on c.id = t.institution_id
     cross join lateral (select k from generate_series(0, case when t.g % 3 = 0 then 1 else 0 end) k) l`,
  );
  await step('transaction lines', `insert into transaction_lines (transaction_id, offering_type_id, amount) select transaction_id, offering_type_id, amount from scale_lines order by g, k`);
  await step(
    'ledger entries',
    `create temp table scale_entries on commit drop as
     with e as (
       insert into ledger_entries (transaction_id, description, posted_at)
       select id, 'Scale giving SCL' || g, at + interval '2 minutes' from scale_tx where status = 'completed' order by g
       returning id, transaction_id
     ) select * from e`,
  );
  // clearing debit = gross; fees credit; each line's net split by its type's divisions (the
  // remainder to the union share, so every entry balances to the shilling).
  await step(
    'ledger lines',
    `insert into ledger_lines (entry_id, account, institution_id, offering_type_id, currency, debit, credit)
     select e.id, 'clearing', t.institution_id, null::integer, 'TZS', t.amount, 0 from scale_tx t join scale_entries e on e.transaction_id = t.id
     union all
     select e.id, 'fees', null::integer, null::integer, 'TZS', 0, t.fee from scale_tx t join scale_entries e on e.transaction_id = t.id where t.fee > 0
     union all
     select e.id, s.account, s.holder, l.offering_type_id, 'TZS', 0, s.amount
     from scale_lines l
     join scale_entries e on e.transaction_id = l.transaction_id
     join offering_types ot on ot.id = l.offering_type_id
     cross join lateral (select (l.amount - l.fee) as net) n
     cross join lateral (values
       ('share:church', l.institution_id, n.net * ot.church_bp / 10000),
       ('share:field', l.field_id, n.net * ot.field_bp / 10000),
       ('share:union', l.union_id, n.net - n.net * ot.church_bp / 10000 - n.net * ot.field_bp / 10000)
     ) s(account, holder, amount)
     where s.amount > 0`,
  );
  for (const index of deferred.rows) await step(`index ${index.name}`, index.definition);
  await client.query(`set local session_replication_role = origin`);
  await step('read model rebuilt', `select read_model_rebuild(null)`);
  await step('participation read model rebuilt', `select participation_rebuild()`);
  await step('payer phone suffixes', `select payer_phone_suffixes_rebuild()`);
  await client.query(`insert into seed_marker (name, version, counts) values ('scale', 1, $1::jsonb)`, [JSON.stringify({ members, transactions: transactionsWanted, congregations })]);
  await client.query('commit');
  // Sequences past the seeded ids are kept by the serial columns themselves (no explicit ids here).
  // VACUUM too: the search and list indexes answer index-only only where the visibility map says so.
  await step('vacuum analyze', `vacuum analyze`);
  console.log(`scale data: ${members} members, ${transactionsWanted} transactions, ${congregations} new congregations in ${fields} fields; ${((performance.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  await client.query('rollback').catch(() => undefined);
  throw error;
} finally {
  await client.end();
}
