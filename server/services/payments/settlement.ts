import { and, eq, gte, inArray, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { SettlementPage, SettlementRow } from '../../../domain/api/payments';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { ledgerEntries, ledgerLines, transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { dayRange } from '../../../domain/calendar';
import { underInstitution } from './transaction-queries';

const ONLINE = ['mobile', 'card', 'bank'];
/** The EAT calendar day of completion (UTC+3, whatever the database session's time zone). */
const day = sql<string>`to_char((${transactions.completedAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`;
/** The account an institution collects into: its default active account, else the one on its record. */
const accountNumber = sql<string | null>`coalesce(
  (select ba.account_number from bank_accounts ba where ba.institution_id = ${institutions.id} and ba.status = 'activated' order by ba.is_default desc, ba.id limit 1),
  ${institutions.accountNumber})`;

/**
 * Settlement history: for each EAT day and each collecting institution (its account), the
 * completed online payments' gross, our fees, the net (gross − fees) and how the net splits into
 * the church, field and union shares, read from the ledger entries those payments posted.
 */
export async function settlementHistory(db: Db, user: AuthUser, q: { from: string; to: string; institutionId?: number | undefined }): Promise<SettlementPage> {
  const { start, end } = dayRange(q.from, q.to);
  const where = and(
    institutionScope(user),
    underInstitution(q.institutionId),
    eq(transactions.status, 'completed'),
    inArray(transactions.method, ONLINE),
    gte(transactions.completedAt, start),
    lt(transactions.completedAt, end),
  ) as SQL;

  const sums = await db
    .select({
      day,
      institutionId: transactions.institutionId,
      title: institutions.title,
      accountNumber,
      currency: transactions.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      gross: sql<number>`sum(${transactions.amount})`.mapWith(Number),
      fees: sql<number>`sum(${transactions.fee})`.mapWith(Number),
      creditFailed: sql<number>`sum(case when ${transactions.creditStatus} = 'failed' then 1 else 0 end)`.mapWith(Number),
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(where)
    .groupBy(day, transactions.institutionId, institutions.id, institutions.title, institutions.accountNumber, transactions.currency)
    .orderBy(sql`1 desc`, institutions.title, transactions.currency);

  const shares = await db
    .select({
      day,
      institutionId: transactions.institutionId,
      currency: transactions.currency,
      account: ledgerLines.account,
      amount: sql<number>`sum(${ledgerLines.credit})`.mapWith(Number),
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.id, ledgerLines.entryId), isNull(ledgerEntries.reversalOf)))
    .innerJoin(transactions, eq(transactions.id, ledgerEntries.transactionId))
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(and(where, like(ledgerLines.account, 'share:%')))
    .groupBy(day, transactions.institutionId, transactions.currency, ledgerLines.account);

  const key = (d: string, institutionId: number, currency: string) => `${d}|${institutionId}|${currency}`;
  const shareMap = new Map<string, SettlementRow['shares']>();
  for (const share of shares) {
    const k = key(share.day, share.institutionId, share.currency);
    const entry = shareMap.get(k) ?? { church: 0, field: 0, union: 0 };
    const name = share.account.slice('share:'.length) as keyof SettlementRow['shares'];
    if (name in entry) entry[name] += share.amount;
    shareMap.set(k, entry);
  }

  const data: SettlementRow[] = sums.map((row) => ({
    day: row.day,
    institution: { id: row.institutionId, title: row.title },
    accountNumber: row.accountNumber,
    currency: row.currency,
    count: row.count,
    gross: row.gross,
    fees: row.fees,
    net: row.gross - row.fees,
    shares: shareMap.get(key(row.day, row.institutionId, row.currency)) ?? { church: 0, field: 0, union: 0 },
    creditFailed: row.creditFailed,
  }));

  const totals = new Map<string, SettlementPage['totals'][number]>();
  for (const row of data) {
    const total = totals.get(row.currency) ?? { currency: row.currency, count: 0, gross: 0, fees: 0, net: 0, shares: { church: 0, field: 0, union: 0 } };
    total.count += row.count;
    total.gross += row.gross;
    total.fees += row.fees;
    total.net += row.net;
    total.shares.church += row.shares.church;
    total.shares.field += row.shares.field;
    total.shares.union += row.shares.union;
    totals.set(row.currency, total);
  }
  return { data, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}
