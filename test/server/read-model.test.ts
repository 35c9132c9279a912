import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../../server/db/schema/institutions';
import { offeringTypes } from '../../server/db/schema/members';
import { ledgerEntries, ledgerLines, transactionLines, transactions } from '../../server/db/schema/money';
import { MOBILE_OPERATORS } from '../../domain/statuses';
import { finalizePayment } from '../../server/services/payments/payment-transitions';
import { readModelDifferences } from '../../server/services/read-model/read-model-check';
import { collectionTotalsBy, offeringTotalsBy, operatorTotalsBy, periodCondition, wholeYears } from '../../server/services/read-model/totals';
import { offeringSharesByType, operatorRollupTotals, topRollupTotals } from '../../server/services/read-model/bank-rollups';
import { collectionTotals } from '../../server/db/schema/read-model';
import { collectionTopRollup, offeringRollup, operatorRollup } from '../../server/db/schema/read-model-rollups';
import type { RollupColumns } from '../../server/services/auth/scope';
import { addDays, dayOf } from '../../domain/calendar';
import { executedRows } from '../../server/services/desk/unnest-insert';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { moveSinza } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/** What can happen to the money, in any order: the read model must agree with the ledger after each run. */
const operation = fc.oneof(
  fc.record({ kind: fc.constant('receipts' as const), church: fc.boolean(), lines: fc.array(fc.array(fc.record({ type: fc.nat(3), amount: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), daysAgo: fc.integer({ min: 0, max: 400 }) }),
  fc.record({ kind: fc.constant('payment' as const), church: fc.boolean(), type: fc.nat(3), amount: fc.integer({ min: 100, max: 2_000_000 }), fee: fc.integer({ min: 0, max: 99 }), to: fc.constantFrom('completed' as const, 'failed' as const, 'canceled' as const, null), operator: fc.constantFrom(...MOBILE_OPERATORS, null) }),
  // The operator of a payment named late, changed or taken away (operator_totals' UPDATE branch).
  fc.record({ kind: fc.constant('operator' as const), pick: fc.nat(), to: fc.constantFrom(...MOBILE_OPERATORS, null) }),
  // A pending payment deleted with its lines (the DELETE branches).
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('division' as const), type: fc.nat(3), church: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant('move' as const) }),
  fc.record({ kind: fc.constant('branch' as const), to: fc.constantFrom('branch' as const, 'other' as const, null) }),
  // Sinza becomes a top of the tree and back (the bank's rollup by top institution moves its history).
  fc.record({ kind: fc.constant('top' as const) }),
  fc.record({ kind: fc.constant('religion' as const) }),
  fc.record({ kind: fc.constant('timeZone' as const), zone: fc.constantFrom('Africa/Dar_es_Salaam', 'UTC', 'Pacific/Kiritimati') }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

describe('read model: daily and monthly totals kept with the money (ADR 030)', () => {
  let t: TestApp;
  let w: World;
  const headers: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} };
  const types: Record<'a' | 'b', OfferingTypeRow[]> = { a: [], b: [] };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    headers.a = (await signIn(t.app, w.users.church)).headers;
    headers.b = (await signIn(t.app, w.users.churchB)).headers;
    for (const church of ['a', 'b'] as const) {
      const institutionId = church === 'a' ? w.churchA.id : w.churchB.id;
      for (let i = 0; i < 4; i++) types[church].push(await createOfferingType(t.database.db, { institutionId, churchBp: 7000 - i * 1000, fieldBp: 2000, unionBp: 1000 + i * 1000 }));
    }
  });
  afterAll(() => t.close());

  async function apply(op: Operation) {
    const db = t.database.db;
    switch (op.kind) {
      case 'receipts': {
        const church = op.church ? 'a' : 'b';
        const institutionId = church === 'a' ? w.churchA.id : w.churchB.id;
        const receivedAt = new Date(Date.now() - op.daysAgo * 86_400_000).toISOString();
        const entries = op.lines.map((lines) =>
          receiptEntry({ institutionId, receivedAt, lines: lines.map((line) => ({ offeringTypeId: types[church][line.type]!.id, amount: line.amount })) }),
        );
        // Several receipts in one request take the bulk path (one INSERT per table for all of them).
        const results = await sync(t.app, 'cash-receipts', headers[church], entries);
        expect(results.every((r) => r.status === 'created')).toBe(true);
        return;
      }
      case 'payment': {
        const church = op.church ? 'a' : 'b';
        const institutionId = church === 'a' ? w.churchA.id : w.churchB.id;
        const id = randomUUID();
        const fee = Math.floor((op.amount * op.fee) / 10_000);
        await db.insert(transactions).values({ id, institutionId, method: 'mobile', operator: op.operator, status: 'pending', amount: op.amount, fee, referenceNo: `SDK${id.slice(0, 8)}`, payerPhone: '+255754000111' });
        await db.insert(transactionLines).values({ transactionId: id, offeringTypeId: types[church][op.type]!.id, amount: op.amount });
        if (op.to) await finalizePayment(t.database, id, { to: op.to, source: 'callback' }, new Date());
        return;
      }
      case 'reversal': {
        const open = await db
          .select({ id: ledgerEntries.id, transactionId: ledgerEntries.transactionId })
          .from(ledgerEntries)
          .where(and(isNull(ledgerEntries.reversalOf), sql`not exists (select 1 from ledger_entries r where r.reversal_of = ${ledgerEntries.id})`))
          .orderBy(ledgerEntries.id);
        const entry = open[op.pick % Math.max(open.length, 1)];
        if (!entry) return;
        // A reversal posts the mirror of the entry's lines (debits become credits), as the ledger rules say.
        await db.transaction(async (tx) => {
          const lines = await tx.select().from(ledgerLines).where(eq(ledgerLines.entryId, entry.id));
          const [reversal] = await tx.insert(ledgerEntries).values({ transactionId: entry.transactionId, reversalOf: entry.id, description: `Reversal of ${entry.id}` }).returning();
          await tx.insert(ledgerLines).values(lines.map(({ id: _id, entryId: _entry, debit, credit, ...rest }) => ({ ...rest, entryId: reversal!.id, debit: credit, credit: debit })));
        });
        return;
      }
      case 'division': {
        const type = types.a[op.type]!;
        const church = Math.min(op.church, 9_000);
        await db.update(offeringTypes).set({ churchBp: church, fieldBp: 10_000 - church - 1_000, unionBp: 1_000 }).where(eq(offeringTypes.id, type.id));
        return;
      }
      case 'move': {
        // Sinza moves between the district and directly under the field, and back: history moves with it.
        await moveSinza(db, w);
        return;
      }
      case 'branch': {
        // Sinza changes bank branch (or has none): the unscoped rollup (per religion and branch) moves its history.
        const branchId = op.to === 'branch' ? w.branch.id : op.to === 'other' ? w.otherBranch.id : null;
        await db.update(institutions).set({ branchId }).where(eq(institutions.id, w.churchB.id));
        return;
      }
      case 'top': {
        const [b] = await db.select().from(institutions).where(eq(institutions.id, w.churchB.id));
        const [parentId, path] = b!.parentId === null ? [w.district.id, `${w.district.path}${b!.id}/`] : [null, `/${b!.id}/`];
        await db.update(institutions).set({ parentId, path }).where(eq(institutions.id, b!.id));
        return;
      }
      case 'religion': {
        const [b] = await db.select().from(institutions).where(eq(institutions.id, w.churchB.id));
        await db.update(institutions).set({ religionId: b!.religionId === w.christian.id ? w.islam.id : w.christian.id }).where(eq(institutions.id, b!.id));
        return;
      }
      case 'operator': {
        const mobile = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.method, 'mobile')).orderBy(transactions.id);
        const row = mobile[op.pick % Math.max(mobile.length, 1)];
        if (row) await db.update(transactions).set({ operator: op.to }).where(eq(transactions.id, row.id));
        return;
      }
      case 'drop': {
        const pending = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.status, 'pending')).orderBy(transactions.id);
        const row = pending[op.pick % Math.max(pending.length, 1)];
        if (!row) return;
        await db.transaction(async (tx) => {
          await tx.delete(transactionLines).where(eq(transactionLines.transactionId, row.id));
          await tx.delete(transactions).where(eq(transactions.id, row.id));
        });
        return;
      }
      case 'timeZone':
        await db.update(institutions).set({ timeZone: op.zone }).where(eq(institutions.id, w.churchA.id));
        return;
    }
  }

  /**
   * The bank's rollups (migration 0043) against the per-institution rows they sum, over [from, to],
   * for the whole bank, a religion and a branch: per offering type, per operator, per top of the tree.
   */
  async function expectRollupsAgree(from: string, to: string) {
    const db = t.database.db;
    const today = dayOf(new Date());
    const nonZero = <T extends Record<string, unknown>>(rows: T[], key: keyof T, figure: (row: T) => string) =>
      Object.fromEntries(rows.map((row) => [String(row[key]), figure(row)]).filter(([, value]) => !/^[0 ]+$/.test(value!)));
    const shares = (row: { church: number; field: number; union: number }) => `${row.church} ${row.field} ${row.union}`;
    const counted = (row: { transactions: number; amount: number; fee: number }) => `${row.transactions} ${row.amount} ${row.fee}`;
    const scopes: Array<{ name: string; rollup: (table: RollupColumns) => ReturnType<typeof sql>; institution: ReturnType<typeof sql> }> = [
      { name: 'bank', rollup: () => sql`true`, institution: sql`true` },
      { name: 'religion', rollup: (table) => sql`${table.religionId} = ${w.christian.id}`, institution: sql`${institutions.religionId} = ${w.christian.id}` },
      { name: 'branch', rollup: (table) => sql`${table.branchId} = ${w.branch.id}`, institution: sql`${institutions.branchId} = ${w.branch.id}` },
    ];
    for (const scope of scopes) {
      const filter = { from, to, currency: 'TZS' };
      const byType = await offeringSharesByType(db, { ...filter, scope: scope.rollup(offeringRollup) }, today);
      const byTypeFromRows = await offeringTotalsBy(db, { ...filter, scope: scope.institution }, ['offeringType']);
      expect(nonZero(byType, 'offeringTypeId', shares), `${scope.name} by offering type ${from}..${to}`).toEqual(nonZero(byTypeFromRows, 'offeringTypeId', shares));
      const completed = { ...filter, status: ['completed'] };
      const byOperator = await operatorRollupTotals(db, { ...completed, scope: scope.rollup(operatorRollup) });
      const byOperatorFromRows = await operatorTotalsBy(db, { ...completed, scope: scope.institution });
      expect(nonZero(byOperator, 'operator', counted), `${scope.name} by operator`).toEqual(nonZero(byOperatorFromRows, 'operator', counted));
      const byTop = await topRollupTotals(db, { ...completed, scope: scope.rollup(collectionTopRollup) });
      const byTopFromRows = await collectionTotalsBy(db, { ...completed, scope: scope.institution }, [], { top: sql<string>`split_part(${institutions.path}, '/', 2)` });
      expect(nonZero(byTop, 'topId', counted), `${scope.name} by top`).toEqual(nonZero(byTopFromRows, 'top', counted));
    }
  }

  /** operator → "count amount fee" of completed givings, from the read model. */
  async function operatorFigures(scope: ReturnType<typeof sql>, from?: string, to?: string) {
    const rows = await operatorTotalsBy(t.database.db, { scope, status: ['completed'], ...(from && to ? { from, to } : {}) });
    return Object.fromEntries(rows.filter((row) => row.transactions !== 0).map((row) => [row.operator, `${row.transactions} ${row.amount} ${row.fee}`]));
  }
  /** The same straight from transactions (days in each institution's zone). */
  async function operatorSums(path: string, from?: string, to?: string) {
    const rows = executedRows<{ operator: string; figure: string }>(
      await t.database.db.execute(sql`
        select t.operator, concat_ws(' ', count(*), sum(t.amount), sum(t.fee)) as figure
        from transactions t join institutions i on i.id = t.institution_id
        where i.path like ${`${path}%`} and t.operator is not null and t.status = 'completed'
          and (${from ?? null}::date is null or (t.received_at at time zone i.time_zone)::date between ${from ?? null}::date and ${to ?? null}::date)
        group by t.operator`),
    );
    return Object.fromEntries(rows.map((row) => [row.operator, row.figure]));
  }

  it('agrees with the ledger to the shilling after random receipts, payments (with and without an operator), operator changes, deleted payments, reversals, division changes, moves, branch, top and religion changes and zone changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), fc.nat(420), fc.nat(420), async (ops, ago, length) => {
        for (const op of ops) await apply(op);
        expect(await readModelDifferences(t.database.db)).toEqual([]);

        // The bank's rollups give the per-institution rows' figures over any period (their year rows read signed, ADR 066).
        const from = addDays(dayOf(new Date()), -ago);
        await expectRollupsAgree(from, addDays(from, length));

        // Per network operator (migration 0040): the union's figures, all time and this month, equal the transactions' sums.
        expect(await operatorFigures(sql`${institutions.path} like ${`${w.union.path}%`}`)).toEqual(await operatorSums(w.union.path));
        const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
        const today = new Date().toISOString().slice(0, 10);
        expect(await operatorFigures(sql`${institutions.path} like ${`${w.churchA.path}%`}`, monthStart, today)).toEqual(await operatorSums(w.churchA.path, monthStart, today));

        // Whole years read the year rows (migration 0022): the same per-institution figures as their months.
        const scope = sql`${institutions.path} like ${`${w.union.path}%`}`;
        const lastYear = `${new Date().getUTCFullYear() - 1}-01-01`;
        const byYear = await collectionTotalsBy(t.database.db, { scope, from: lastYear, to: '9999-12-31', status: ['completed'] }, ['institution']);
        const byMonth = await collectionTotalsBy(t.database.db, { scope, from: lastYear, to: '9999-12-31', status: ['completed'] }, ['institution', 'month']);
        const summed = new Map<number, number>();
        for (const row of byMonth) summed.set(row.institutionId!, (summed.get(row.institutionId!) ?? 0) + row.amount);
        expect(new Map(byYear.filter((row) => row.amount !== 0).map((row) => [row.institutionId!, row.amount]))).toEqual(
          new Map([...summed].filter(([, amount]) => amount !== 0)),
        );

        // A union's shares are the sum over its subtree, and equal the ledger's share credits.
        const union = sql`${institutions.path} like ${`${w.union.path}%`}`;
        const [fromModel] = await offeringTotalsBy(t.database.db, { scope: union }, []);
        const ledger = executedRows<{ church: string; field: string; union: string; gross: string }>(
          await t.database.db.execute(sql`
            select coalesce(sum(case when ll.account = 'share:church' then ll.credit - ll.debit end), 0) as church,
                   coalesce(sum(case when ll.account = 'share:field' then ll.credit - ll.debit end), 0) as field,
                   coalesce(sum(case when ll.account = 'share:union' then ll.credit - ll.debit end), 0) as union,
                   (select coalesce(sum(l.amount), 0) from transaction_lines l join transactions t2 on t2.id = l.transaction_id
                      join institutions i2 on i2.id = t2.institution_id where i2.path like ${`${w.union.path}%`}) as gross
            from ledger_lines ll join ledger_entries e on e.id = ll.entry_id join transactions t on t.id = e.transaction_id
            join institutions i on i.id = t.institution_id where i.path like ${`${w.union.path}%`}`),
        )[0]!;
        expect({ church: fromModel?.church ?? 0, field: fromModel?.field ?? 0, union: fromModel?.union ?? 0, amount: fromModel?.amount ?? 0 }).toEqual({
          church: Number(ledger.church),
          field: Number(ledger.field),
          union: Number(ledger.union),
          amount: Number(ledger.gross),
        });
      }),
      { numRuns: 12 },
    );
  });

  it("the bank's rollups follow every kind of change, each trigger branch at least once (INSERT, UPDATE, DELETE, religion, branch and top moves)", async () => {
    const ops: Operation[] = [
      { kind: 'receipts', church: true, lines: [[{ type: 0, amount: 10_000 }, { type: 1, amount: 2_500 }]], daysAgo: 40 },
      { kind: 'receipts', church: false, lines: [[{ type: 2, amount: 7_000 }]], daysAgo: 0 },
      { kind: 'payment', church: true, type: 1, amount: 50_000, fee: 30, to: 'completed', operator: 'vodacom' },
      { kind: 'payment', church: false, type: 3, amount: 20_000, fee: 10, to: 'completed', operator: 'airtel' },
      // Money that moves on: the totals' rows are updated (UPDATE branches), a pending payment dropped.
      { kind: 'payment', church: false, type: 0, amount: 9_000, fee: 0, to: null, operator: 'tigo' },
      { kind: 'drop', pick: 0 },
      { kind: 'reversal', pick: 0 },
      // A zone change rebuilds the institution's rows: its old rows deleted (DELETE branches), new ones inserted.
      { kind: 'timeZone', zone: 'Pacific/Kiritimati' },
      { kind: 'timeZone', zone: 'Africa/Dar_es_Salaam' },
      { kind: 'branch', to: 'other' },
      { kind: 'top' },
      { kind: 'religion' },
      { kind: 'religion' },
      { kind: 'top' },
      { kind: 'branch', to: 'branch' },
    ];
    const today = dayOf(new Date());
    for (const op of ops) {
      await apply(op);
      expect(await readModelDifferences(t.database.db), op.kind).toEqual([]);
      await expectRollupsAgree(addDays(today, -60), today);
    }
  });

  it('operator totals follow a payment through completion, a changed operator and a deletion (the UPDATE and DELETE branches)', async () => {
    const db = t.database.db;
    const scope = sql`${institutions.id} = ${w.churchA.id}`;
    const figures = async (status: string) =>
      Object.fromEntries((await operatorTotalsBy(db, { scope, status: [status] })).filter((row) => row.transactions !== 0).map((row) => [row.operator, [row.transactions, row.amount]]));
    const before = { completed: await figures('completed'), pending: await figures('pending') };
    const plus = (base: Record<string, number[]>, operator: string, n: number, amount: number) => {
      const [count, sum] = base[operator] ?? [0, 0];
      const next = { ...base, [operator]: [count! + n, sum! + amount] };
      return Object.fromEntries(Object.entries(next).filter(([, [c]]) => c !== 0));
    };
    const pay = async (operator: 'airtel' | 'tigo', amount: number) => {
      const id = randomUUID();
      await db.insert(transactions).values({ id, institutionId: w.churchA.id, method: 'mobile', operator, status: 'pending', amount, fee: 0, referenceNo: `SDK${id.slice(0, 8)}`, payerPhone: '+255684000111' });
      await db.insert(transactionLines).values({ transactionId: id, offeringTypeId: types.a[0]!.id, amount });
      return id;
    };

    const paid = await pay('airtel', 12_345);
    expect(await figures('pending')).toEqual(plus(before.pending, 'airtel', 1, 12_345));
    await finalizePayment(t.database, paid, { to: 'completed', source: 'callback' }, new Date());
    expect(await figures('pending')).toEqual(before.pending);
    expect(await figures('completed')).toEqual(plus(before.completed, 'airtel', 1, 12_345));

    await db.update(transactions).set({ operator: 'halotel' }).where(eq(transactions.id, paid));
    expect(await figures('completed')).toEqual(plus(before.completed, 'halotel', 1, 12_345));

    const dropped = await pay('tigo', 777);
    expect(await figures('pending')).toEqual(plus(before.pending, 'tigo', 1, 777));
    await db.delete(transactionLines).where(eq(transactionLines.transactionId, dropped));
    await db.delete(transactions).where(eq(transactions.id, dropped));
    expect(await figures('pending')).toEqual(before.pending);
    expect(await readModelDifferences(db)).toEqual([]);
  });

  it('a period reads whole months from month rows and only the ragged edges from day rows', async () => {
    const render = (from: string, to: string, byDay = false) => {
      const condition = periodCondition(collectionTotals, { from, to }, byDay);
      return t.database.db.select({ n: sql<number>`count(*)` }).from(collectionTotals).where(condition).toSQL().params;
    };
    expect(render('2026-01-01', '2026-12-31')).toEqual(['month', '2026-01-01', '2027-01-01']);
    expect(render('2026-01-15', '2026-03-31')).toEqual(['month', '2026-02-01', '2026-04-01', 'day', '2026-01-15', '2026-01-31']);
    expect(render('2026-01-01', '2026-03-10')).toEqual(['month', '2026-01-01', '2026-03-01', 'day', '2026-03-01', '2026-03-10']);
    expect(render('2026-01-05', '2026-01-20')).toEqual(['day', '2026-01-05', '2026-01-20']);
    expect(render('2026-01-01', '2026-12-31', true)).toEqual(['day', '2026-01-01', '2026-12-31']);
    // Up to the open end (the dashboards' "this year", "this month so far"): months, not every day row.
    expect(render('2026-01-01', '9999-12-31')).toEqual(['month', '2026-01-01', '10000-01-01']);
    expect(render('2026-11-01', '9999-12-31')).toEqual(['month', '2026-11-01', '10000-01-01']);
    expect(render('2026-11-15', '9999-12-31')).toEqual(['month', '2026-12-01', '10000-01-01', 'day', '2026-11-15', '2026-11-30']);
    // Whole calendar years (up to the open end) go to the year rows; anything else does not.
    expect(wholeYears({ from: '2026-01-01', to: '9999-12-31' })).toEqual({ from: '2026-01-01', end: '10000-01-01' });
    expect(wholeYears({ from: '2025-01-01', to: '2026-12-31' })).toEqual({ from: '2025-01-01', end: '2027-01-01' });
    expect(wholeYears({ from: '2026-01-01', to: '2026-11-30' })).toBeNull();
    expect(wholeYears({ from: '2026-02-01', to: '2026-12-31' })).toBeNull();
    expect(wholeYears({})).toBeNull();

    // Whatever the split, a period's total is the sum of its days.
    const scope = sql`true`;
    const to = new Date().toISOString().slice(0, 10);
    const [whole] = await collectionTotalsBy(t.database.db, { scope, from: '2025-08-17', to }, []);
    const days = await collectionTotalsBy(t.database.db, { scope, from: '2025-08-17', to }, ['day']);
    expect(whole?.amount).toBe(days.reduce((sum, d) => sum + d.amount, 0));
    expect(whole?.transactions).toBe(days.reduce((sum, d) => sum + d.transactions, 0));
  });
});
