import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { ensureSeeded } from '../../server/db/seed/ensure-seeded';
import { institutions } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import type { AuthUser } from '../../server/services/auth/auth-user';
import { findUserById, toAuthUser } from '../../server/services/auth/load-user';
import { institutionScope } from '../../server/services/auth/scope';
import { likePrefix } from '../../server/services/shell/like';
import { SEARCH_COUNT_CAP, searchTransactions } from '../../server/services/shell/search';
import { searchMembers } from '../../server/services/shell/search-members';
import { createTestApp, type TestApp } from './harness';

/**
 * The indexed transaction search (one index scan per way of matching, united; a bounded count)
 * answers what the straightforward OR over the joined tables answers, on the demo data, for the
 * terms people type: a first name, a surname, part of a phone, a member code, a reference, a
 * receipt number. The straightforward query is the oracle here, kept as it was before issue 15.
 */
function oracleTransactionMatch(value: string): SQL {
  const prefix = likePrefix(value.toLowerCase());
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  const phone = digits.length >= 3 && /^[\d\s+()-]+$/.test(value) ? likePrefix(digits, true) : null;
  const memberName = sql`lower(${members.firstName} || ' ' || ${members.lastName})`;
  const options: SQL[] = [
    sql`lower(${transactions.referenceNo}) like ${prefix}`,
    sql`lower(${transactions.trxId}) like ${prefix}`,
    sql`lower(${transactions.receiptNo}) like ${prefix}`,
    sql`lower(${transactions.payerName}) like ${prefix}`,
    sql`${memberName} like ${prefix}`,
    sql`lower(${members.lastName}) like ${prefix}`,
  ];
  if (phone) options.push(sql`${transactions.payerPhone} like ${phone}`);
  return or(...options)!;
}

/** The member search as it was before migration 0034: one OR over the members of the scope. */
function oracleMemberMatch(value: string): SQL {
  const prefix = likePrefix(value.toLowerCase());
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  const phone = digits.length >= 3 && /^[\d\s+()-]+$/.test(value) ? likePrefix(digits, true) : null;
  const options: SQL[] = [
    sql`lower(${members.firstName} || ' ' || ${members.lastName}) like ${prefix}`,
    sql`lower(${members.lastName}) like ${prefix}`,
    sql`lower(${members.code}) like ${prefix}`,
  ];
  if (phone) options.push(sql`${members.phone} like ${phone}`);
  return and(isNull(members.deletedAt), or(...options))!;
}

describe('search on the demo data answers what the unindexed query answered', () => {
  let t: TestApp;
  const users: Record<'admin' | 'branch' | 'religionAdmin' | 'treasurer' | 'union', AuthUser> = {} as never;
  let ctx: AppContext;

  beforeAll(async () => {
    t = await createTestApp();
    ctx = t.ctx;
    await ensureSeeded(t.database, { demoPassword: 'Sadaka@2026', now: new Date('2026-03-01T09:30:00Z') });
    for (const name of ['admin', 'branch', 'treasurer', 'union'] as const) {
      const { rows } = await t.database.raw.query(`select id from users where username = $1`, [name]);
      users[name] = (await toAuthUser(t.database.db, (await findUserById(t.database.db, Number(rows[0]!.id)))!))!;
    }
    // A bank admin who chose a religion: the name ways then walk names with the scope checked along each.
    const { rows: religion } = await t.database.raw.query(`select religion_id from institutions where id = $1`, [users.treasurer.institutionId]);
    users.religionAdmin = { ...users.admin, religionId: Number(religion[0]!.religion_id) };
  }, 300_000);
  afterAll(() => t.close());

  const terms = async () => {
    const { rows } = await t.database.raw.query(
      `select (select first_name from members order by id limit 1) as first, (select last_name from members order by id offset 7 limit 1) as last,
              (select substr(phone, 6, 5) from members order by id offset 3 limit 1) as phone, (select code from members order by id offset 5 limit 1) as code,
              (select substr(reference_no, 1, 6) from transactions order by reference_no limit 1) as reference,
              (select receipt_no from transactions where receipt_no is not null order by receipt_no offset 2 limit 1) as receipt`,
    );
    return Object.values(rows[0]!).map(String);
  };

  it('transactions: same rows in the same order and the same count (up to the cap), for each kind of scope, on two pages', async () => {
    // One letter matches more names (and more than the cap) than a whole first name does.
    const first = (await terms())[0]!;
    let capped = 0;
    for (const [term, offset] of [...(await terms()).map((term) => [term, 7] as const), [first.slice(0, 1), 0] as const, [first.slice(0, 1), 14] as const]) {
      for (const role of ['admin', 'religionAdmin', 'branch', 'union', 'treasurer'] as const) {
        const where = and(institutionScope(users[role]), oracleTransactionMatch(term));
        const expected = await t.database.db
          .select({ id: transactions.id })
          .from(transactions)
          .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
          .leftJoin(members, eq(members.id, transactions.memberId))
          .where(where)
          .orderBy(desc(transactions.createdAt), desc(transactions.id))
          .limit(7)
          .offset(offset);
        const [total] = await t.database.db
          .select({ n: count() })
          .from(transactions)
          .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
          .leftJoin(members, eq(members.id, transactions.memberId))
          .where(where);
        const got = await searchTransactions(ctx, users[role], term, { limit: 7, offset });
        if (got.count === SEARCH_COUNT_CAP) capped++;
        expect({ term, role, offset, ids: got.data.map((d) => d.id), count: got.count }).toEqual({
          term,
          role,
          offset,
          ids: expected.map((e) => e.id),
          count: Math.min(total?.n ?? 0, SEARCH_COUNT_CAP),
        });
      }
    }
    // The bounded count's edge is exercised: some of these searches match more than the cap.
    expect(capped).toBeGreaterThan(0);
  });

  it('PostgreSQL sessions run without JIT, which cost more than these searches at 10x (ADR 068)', async () => {
    const { rows } = await t.database.raw.query(`select current_setting('jit') as jit`);
    // PGlite has no JIT compiler whatever the setting says; the pool's sessions on PostgreSQL turn it off.
    expect(rows[0]!.jit).toBe(t.database.kind === 'postgres' ? 'off' : rows[0]!.jit);
  });

  it('transactions: a page past the last match is empty and still carries the count', async () => {
    const [, last] = await terms();
    const first = await searchTransactions(ctx, users.treasurer, last!, { limit: 7, offset: 0 });
    expect(first.count).toBeGreaterThan(0);
    const beyond = await searchTransactions(ctx, users.treasurer, last!, { limit: 7, offset: SEARCH_COUNT_CAP + 7 });
    expect(beyond).toEqual({ data: [], count: first.count });
  });

  it('members: same rows in the same order and the same count (up to the cap), for each kind of scope, on three pages', async () => {
    // Names that differ only in case are one name of the walk (ADR 073) and must still come in the
    // list's case-sensitive order, among themselves and against the other names.
    const [first] = await terms();
    const variants = [first!.toUpperCase(), first!.toLowerCase(), first!];
    for (const [i, variant] of variants.entries()) {
      await t.database.raw.query(
        `insert into members (institution_id, code, first_name, last_name, phone) values ($1, $2, $3, $4, $5), ($1, $6, $3, $7, $8)`,
        [users.treasurer.institutionId, `CASE${i}A`, variant, 'zUlu', `+25579900000${i}`, `CASE${i}B`, 'Zulu', `+25579900001${i}`],
      );
    }
    // More namesakes than the cap, under a few last names, so the bounded count's edge is met.
    await t.database.raw.query(
      `insert into members (institution_id, code, first_name, last_name, phone)
       select $1, 'MANY' || n, 'Wingi', (array['Abeid', 'Mrema', 'Zuberi'])[n % 3 + 1], '+2557980' || lpad(n::text, 5, '0') from generate_series(1, $2::int) n`,
      [users.treasurer.institutionId, SEARCH_COUNT_CAP + 20],
    );
    let capped = 0;
    for (const term of [...(await terms()), first!.slice(0, 1), first!.toLowerCase(), 'wingi', 'wingi m']) {
      for (const role of ['admin', 'religionAdmin', 'branch', 'union', 'treasurer'] as const) {
        const where = and(institutionScope(users[role]), oracleMemberMatch(term));
        const matching = () => t.database.db.select({ id: members.id }).from(members).innerJoin(institutions, eq(institutions.id, members.institutionId)).where(where);
        const [total] = await t.database.db.select({ n: count() }).from(members).innerJoin(institutions, eq(institutions.id, members.institutionId)).where(where);
        for (const offset of [0, 7, 14]) {
          const expected = await matching().orderBy(asc(members.lastName), asc(members.firstName), asc(members.id)).limit(7).offset(offset);
          // Every scope both ways: walking the names (a wide scope) and reading ranges (a narrow one).
          for (const walkFromMembers of [0, Number.POSITIVE_INFINITY]) {
            const got = await searchMembers(ctx, users[role], term, { limit: 7, offset }, walkFromMembers);
            if (got.count === SEARCH_COUNT_CAP) capped++;
            expect({ term, role, offset, walkFromMembers, ids: got.data.map((d) => d.id), count: got.count }).toEqual({
              term,
              role,
              offset,
              walkFromMembers,
              ids: expected.map((e) => e.id),
              count: Math.min(total?.n ?? 0, SEARCH_COUNT_CAP),
            });
          }
        }
      }
    }
    // The bounded count's edge is exercised.
    expect(capped).toBeGreaterThan(0);
  });

  it('members: the bounded count and the page, for a name, a phone fragment and a code', async () => {
    const [first, , phone, code] = await terms();
    const admin = await searchMembers(ctx, users.admin, first!, { limit: 7, offset: 0 });
    expect(admin.data).toHaveLength(7);
    expect(admin.count).toBeGreaterThan(7);
    expect((await searchMembers(ctx, users.admin, phone!, { limit: 7, offset: 0 })).data.length).toBeGreaterThan(0);
    const byCode = await searchMembers(ctx, users.admin, code!, { limit: 7, offset: 0 });
    expect(byCode.data.map((m) => m.code)).toContain(code);
  });
});
