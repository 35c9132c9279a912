import { buildPaymentPostings } from '../../services/payments/payment-ledger';
import type { PaymentMethod, TransactionStatus } from '../../../domain/statuses';
import type * as s from '../schema/index';
import { operatorOfPhone } from './names';
import type { MemberInfo } from './plan-members';
import type { Congregation, Row } from './plan-types';
import type { Random } from './prng';

export type GivingPlan = {
  transactions: Array<Row<typeof s.transactions>>;
  lines: Array<Row<typeof s.transactionLines>>;
  ledgerEntries: Array<Row<typeof s.ledgerEntries>>;
  ledgerLines: Array<Row<typeof s.ledgerLines>>;
  pledges: Array<Row<typeof s.pledges>>;
};

const DAY = 86_400_000;
const METHODS: ReadonlyArray<readonly [PaymentMethod, number]> = [['mobile', 55], ['cash', 20], ['bank', 10], ['card', 8], ['cheque', 7]];
const STATUSES: ReadonlyArray<readonly [TransactionStatus, number]> = [
  ['completed', 88], ['failed', 6], ['pending', 2.5], ['pending_cancel', 1.5], ['canceled', 2],
];
const FAILURES = ['Insufficient funds', 'Request timed out', 'Wrong PIN entered', 'Payer cancelled the push', 'Card declined'];
const CANCEL_REASONS = ['Duplicate payment', 'Wrong amount entered', 'Payer asked to cancel'];

/** Amounts in whole shillings a person might actually give, as TZS minor units (2 decimals). */
function amountMinor(random: Random, method: PaymentMethod): number {
  const shillings = random.weighted<number>([
    [random.int(1, 10) * 1_000, 45],
    [random.int(2, 20) * 5_000, 35],
    [random.int(2, 10) * 50_000, 15],
    [random.int(1, 5) * 500_000, method === 'mobile' ? 2 : 5],
  ]);
  return shillings * 100;
}

/** Churches give on Sundays and mosques on Fridays, mostly; the rest of the week is thinner. */
function givingDay(random: Random, now: Date, religion: Congregation['religion']): Date {
  const daysAgo = random.int(0, 364);
  let day = new Date(now.getTime() - daysAgo * DAY);
  const target = religion === 'christian' ? 0 : 5;
  if (random.chance(0.65)) {
    const back = (day.getUTCDay() - target + 7) % 7;
    day = new Date(day.getTime() - back * DAY);
  }
  const minutes = random.int(7 * 60, 20 * 60);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + minutes * 60_000 - 3 * 3_600_000);
}

/** A year of giving (~18k transactions) with lines per offering type and a balanced ledger for the completed ones. */
export function planGiving(random: Random, now: Date, members: readonly MemberInfo[], cashierOf: (congregationId: number) => number | null): GivingPlan {
  const plan: GivingPlan = { transactions: [], lines: [], ledgerEntries: [], ledgerLines: [], pledges: [] };
  const receiptSeq = new Map<number, number>();
  for (const member of members) {
    const gifts = random.weighted<number>([[random.int(1, 4), 30], [random.int(5, 12), 45], [random.int(13, 24), 25]]);
    for (let g = 0; g < gifts; g += 1) addTransaction(plan, random, now, member, null, cashierOf, receiptSeq);
  }
  // Guests: people who gave without being registered members.
  const guests = members.filter((_, index) => index % 10 === 0);
  for (const guest of guests) addTransaction(plan, random, now, guest, `+25574${random.digits(7)}`, cashierOf, receiptSeq);
  planPledges(plan, random, now, members);
  return plan;
}

function addTransaction(
  plan: GivingPlan,
  random: Random,
  now: Date,
  member: MemberInfo,
  guestPhone: string | null,
  cashierOf: (congregationId: number) => number | null,
  receiptSeq: Map<number, number>,
) {
  const congregation = member.congregation;
  const method = random.weighted(METHODS);
  let status = random.weighted(STATUSES);
  if ((method === 'cash' && status !== 'completed') || (method === 'cheque' && status !== 'completed' && status !== 'pending')) status = 'completed';
  const receivedAt = status === 'pending' || status === 'pending_cancel' ? new Date(now.getTime() - random.int(1, 5 * 24 * 60) * 60_000) : givingDay(random, now, congregation.religion);
  const amount = amountMinor(random, method);
  const id = random.uuid();
  const seq = plan.transactions.length + 1;
  const phone = guestPhone ?? member.phone;
  const reference = `SDK${receivedAt.toISOString().slice(2, 10).replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
  let receiptNo: string | null = null;
  if (method === 'cash' || method === 'cheque') {
    const next = (receiptSeq.get(congregation.id) ?? 0) + 1;
    receiptSeq.set(congregation.id, next);
    receiptNo = `RC-${congregation.code}-${String(next).padStart(5, '0')}`;
  }
  const operator = method === 'mobile' ? operatorOfPhone(phone) : null;
  const electronic = method === 'mobile' || method === 'card';
  plan.transactions.push({
    id,
    institutionId: congregation.id,
    memberId: guestPhone ? null : member.id,
    payerName: guestPhone ? null : member.name,
    payerPhone: phone,
    method,
    operator,
    status,
    amount,
    currency: 'TZS',
    fee: electronic ? Math.min(Math.round(amount * 0.01), 500_000) : 0,
    referenceNo: reference,
    receiptNo,
    trxId: electronic ? `${(operator ?? 'card').slice(0, 2).toUpperCase()}${random.digits(10)}` : method === 'bank' ? `FT${random.digits(12)}` : null,
    providerRef: electronic ? `SEL${random.digits(12)}` : null,
    reason: status === 'canceled' || status === 'pending_cancel' ? random.pick(CANCEL_REASONS) : null,
    failedReason: status === 'failed' ? random.pick(FAILURES) : null,
    chequeNo: method === 'cheque' ? random.digits(8) : null,
    receivedAt,
    createdBy: method === 'cash' || method === 'cheque' ? cashierOf(congregation.id) : null,
    createdAt: receivedAt,
    completedAt: status === 'completed' ? new Date(receivedAt.getTime() + random.int(5, 300) * 1000) : null,
  });

  // One to three offering types per gift, weighted the way congregations actually give.
  const typeCount = random.weighted<number>([[1, 70], [2, 22], [3, 8]]);
  const chosen = new Set<Congregation['offeringTypes'][number]>();
  while (chosen.size < typeCount) chosen.add(random.weighted(congregation.offeringTypes.map((type) => [type, type.weight] as const)));
  const types = [...chosen];
  const parts = splitEvenly(amount, types.length, random);

  types.forEach((type, index) => {
    plan.lines.push({ id: plan.lines.length + 1, transactionId: id, offeringTypeId: type.id, amount: parts[index]! });
  });
  if (status !== 'completed') return;
  // The same entry the payments engine posts: clearing debit, our fee, and the net of each line
  // split by its divisions (see server/services/payments/payment-ledger.ts).
  const entryId = plan.ledgerEntries.length + 1;
  plan.ledgerEntries.push({ id: entryId, transactionId: id, description: `Gift ${reference}`, postedAt: plan.transactions.at(-1)!.completedAt! });
  const postings = buildPaymentPostings({
    fee: plan.transactions.at(-1)!.fee ?? 0,
    currency: 'TZS',
    institutionId: congregation.id,
    holders: { church: congregation.id, field: congregation.fieldId, union: congregation.unionId },
    lines: types.map((type, index) => ({ offeringTypeId: type.id, amount: parts[index]!, divisions: { church: type.church, field: type.field, union: type.union } })),
  });
  for (const posting of postings) plan.ledgerLines.push({ id: plan.ledgerLines.length + 1, entryId, ...posting });
}

/** Splits a gift over its offering types in whole-shilling parts that add up exactly. */
function splitEvenly(amount: number, count: number, random: Random): number[] {
  if (count === 1) return [amount];
  const shillings = amount / 100;
  const parts: number[] = [];
  let left = shillings;
  for (let i = 0; i < count - 1; i += 1) {
    const part = Math.max(1, Math.floor((left * random.int(30, 60)) / 100));
    parts.push(part * 100);
    left -= part;
  }
  parts.push(left * 100);
  return parts;
}

function planPledges(plan: GivingPlan, random: Random, now: Date, members: readonly MemberInfo[]) {
  for (const member of members) {
    if (!random.chance(0.15)) continue;
    const building = member.congregation.offeringTypes.find((type) => type.church === 10000) ?? member.congregation.offeringTypes[0]!;
    const total = random.int(2, 40) * 50_000 * 100;
    const dueDate = new Date(now.getTime() + random.int(-60, 180) * DAY);
    plan.pledges.push({
      id: plan.pledges.length + 1,
      institutionId: member.congregation.id,
      memberId: member.id,
      offeringTypeId: building.id,
      currency: 'TZS',
      total,
      // Derived from the giving rows by the allocation triggers (the seed writes pledges before them).
      paid: 0,
      dueDate,
      remindedAt: random.chance(0.3) ? new Date(now.getTime() - random.int(1, 30) * DAY) : null,
      paymentMethod: random.pick(['mobile', 'cash', 'bank']),
      createdAt: new Date(now.getTime() - random.int(30, 300) * DAY),
    });
  }
}
