import { CashReceiptInput } from '../../../domain/api/receipts';
import { SHARES, splitAmount } from '../../../domain/money';
import { requestHash } from '../../services/desk/canonical-hash';
import { shareTargets } from '../../services/desk/receipt-post';
import type * as s from '../schema/index';
import { christianNames } from './names';
import type { MemberInfo } from './plan-members';
import type { Congregation, Row } from './plan-types';
import type { Random } from './prng';

export type DeskBatchPlan = {
  batches: Array<Row<typeof s.receiptBatches>>;
  transactions: Array<Row<typeof s.transactions>>;
  lines: Array<Row<typeof s.transactionLines>>;
  ledgerEntries: Array<Row<typeof s.ledgerEntries>>;
  ledgerLines: Array<Row<typeof s.ledgerLines>>;
};

export type DeskBatchInput = {
  congregation: Congregation;
  /** The congregation's row: its path says where the field and union shares go. */
  institution: { id: number; path: string };
  /** Members of this congregation only. */
  members: readonly MemberInfo[];
  treasurerId: number;
  /** The last ids the earlier plans used in the tables that share a serial. */
  idsAfter: { lines: number; ledgerEntries: number; ledgerLines: number };
};

const DAY = 86_400_000;
const MINUTE = 60_000;
/** East Africa Time is UTC+3 all year: a clock time in Dar es Salaam, as a UTC instant of that date. */
const eat = (day: Date, hours: number, minutes = 0) => new Date(day.getTime() + (hours - 3) * 3_600_000 + minutes * MINUTE);
const isoDate = (day: Date) => day.toISOString().slice(0, 10);
/** Crockford base32, as the devices make their receipt-number prefixes (src/lib/offline/device-identity.ts). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

type Envelope = { giver: { memberId: number } | { payer: { name: string; phone: string } }; name: string; phone: string; lines: Array<{ offeringTypeId: number; amount: number }> };

/**
 * The treasurer's counting desk, as if the demo church had used it: last Sunday's service counted
 * and closed (a dozen member envelopes and two walk-in givers), and a weekday service still open
 * with a few envelopes. The rows are the ones the receipt sync writes for these entries
 * (server/services/desk/receipt-post.ts): a transaction with its client id, request hash and
 * batch, its lines, and a ledger entry debiting clearing and crediting each line's shares.
 *
 * The postings are built here rather than by calling postReceipt: that function writes inside its
 * own database transaction with random ids and the clock, while the seed plans every row in memory
 * from its PRNG and bulk-inserts them. The split itself is the service's: splitAmount (largest
 * remainder) and shareTargets.
 */
export function planDeskBatches(random: Random, now: Date, input: DeskBatchInput): DeskBatchPlan {
  const plan: DeskBatchPlan = { batches: [], transactions: [], lines: [], ledgerEntries: [], ledgerLines: [] };
  const ids = { ...input.idsAfter };
  const types = offeringTypesOf(input.congregation);
  const devicePrefix = Array.from({ length: 5 }, () => random.pick([...CROCKFORD])).join('');
  let receiptSeq = 0;
  const picked = new Set<number>();
  const member = () => {
    let chosen = random.pick(input.members);
    while (picked.has(chosen.id)) chosen = random.pick(input.members);
    picked.add(chosen.id);
    return chosen;
  };
  const envelopes = (memberCount: number, walkIns: number): Envelope[] => [
    ...Array.from({ length: memberCount }, () => memberEnvelope(random, member(), types)),
    ...Array.from({ length: walkIns }, () => walkInEnvelope(random, types)),
  ];

  const record = (batch: Row<typeof s.receiptBatches>, list: Envelope[], countingStarts: Date) => {
    plan.batches.push(batch);
    let clock = countingStarts;
    for (const envelope of list) {
      clock = new Date(clock.getTime() + random.int(1, 4) * MINUTE);
      receiptSeq += 1;
      const receiptNo = `${input.congregation.code}-${devicePrefix}-${String(receiptSeq).padStart(6, '0')}`;
      postEnvelope(plan, random, ids, input, batch.id, envelope, receiptNo, clock, types);
    }
    return clock;
  };

  // The last Sunday before today (a week back when today is one): counted and done with.
  const sunday = new Date(now.getTime() - (now.getUTCDay() || 7) * DAY);
  const closed = { ...batchRow(random, input, `Ibada ya Jumapili ${isoDate(sunday)}`, sunday, eat(sunday, 12, 40)), status: 'closed' };
  const lastEnvelope = record(closed, shuffled(random, envelopes(12, 2)), eat(sunday, 12, 45));
  closed.closedAt = new Date(lastEnvelope.getTime() + random.int(5, 15) * MINUTE);

  // Yesterday's evening service, still open; on a Monday "yesterday" is that Sunday, so take Saturday.
  const yesterday = new Date(now.getTime() - DAY);
  const weekday = yesterday.getTime() === sunday.getTime() ? new Date(sunday.getTime() - DAY) : yesterday;
  const open = batchRow(random, input, `Ibada ${isoDate(weekday)}`, weekday, eat(weekday, 19, 30));
  record(open, shuffled(random, envelopes(3, 1)), eat(weekday, 19, 35));
  return plan;
}

type TypeIds = { tithe: number; offering: number };
type OfferingTypes = TypeIds & { byId: Map<number, Congregation['offeringTypes'][number]> };

/** The two types an envelope carries, and every type of the church by id for its divisions. */
function offeringTypesOf(congregation: Congregation): OfferingTypes {
  const byTitle = (prefix: string) => {
    const type = congregation.offeringTypes.find((candidate) => candidate.title.startsWith(prefix));
    if (!type) throw new Error(`${congregation.code} has no "${prefix}" offering type`);
    return type.id;
  };
  return { tithe: byTitle('Zaka'), offering: byTitle('Sadaka'), byId: new Map(congregation.offeringTypes.map((type) => [type.id, type])) };
}

function batchRow(random: Random, input: DeskBatchInput, name: string, serviceDate: Date, createdAt: Date): Row<typeof s.receiptBatches> {
  return {
    id: random.uuid(),
    institutionId: input.institution.id,
    name,
    serviceDate,
    currency: 'TZS',
    status: 'open',
    closedAt: null,
    createdBy: input.treasurerId,
    createdAt,
  };
}

/** Whole shillings, in `step`s, as TZS minor units. */
const shillings = (random: Random, min: number, max: number, step: number) => random.int(min / step, max / step) * step * 100;

/** Most members bring a tithe and an offering; some only an offering. */
function memberEnvelope(random: Random, member: MemberInfo, types: TypeIds): Envelope {
  const lines = [{ offeringTypeId: types.offering, amount: shillings(random, 1_000, 20_000, 500) }];
  if (random.chance(0.75)) lines.unshift({ offeringTypeId: types.tithe, amount: shillings(random, 5_000, 150_000, 1_000) });
  return { giver: { memberId: member.id }, name: member.name, phone: member.phone, lines };
}

/** A visitor gives an offering and leaves a name and number for the SMS receipt. */
function walkInEnvelope(random: Random, types: TypeIds): Envelope {
  const first = random.pick(random.chance(0.5) ? christianNames.female : christianNames.male);
  const name = `${first} ${random.pick(christianNames.surnames)}`;
  const phone = `+25574${random.digits(7)}`;
  return { giver: { payer: { name, phone } }, name, phone, lines: [{ offeringTypeId: types.offering, amount: shillings(random, 2_000, 30_000, 1_000) }] };
}

function shuffled<T>(random: Random, items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function postEnvelope(
  plan: DeskBatchPlan,
  random: Random,
  ids: DeskBatchInput['idsAfter'],
  input: DeskBatchInput,
  batchId: string,
  envelope: Envelope,
  receiptNo: string,
  receivedAt: Date,
  types: OfferingTypes,
) {
  // The entry as the device sends it, validated and hashed the way the sync does.
  const entry = CashReceiptInput.parse({
    id: random.uuid(),
    institutionId: input.institution.id,
    ...envelope.giver,
    lines: envelope.lines,
    currency: 'TZS',
    receivedAt: receivedAt.toISOString(),
    batchId,
    method: 'cash',
    receiptNo,
  });
  // The phone at the desk was online: each receipt reached the server a moment after it was saved.
  const syncedAt = new Date(receivedAt.getTime() + random.int(5, 90) * 1000);
  const amount = entry.lines.reduce((sum, line) => sum + line.amount, 0);
  const transactionId = random.uuid();
  const day = syncedAt.toISOString().slice(2, 10).replaceAll('-', '');
  plan.transactions.push({
    id: transactionId,
    clientId: entry.id,
    requestHash: requestHash(entry),
    institutionId: input.institution.id,
    memberId: entry.memberId ?? null,
    payerName: envelope.name,
    payerPhone: envelope.phone,
    method: entry.method,
    status: 'completed',
    amount,
    currency: entry.currency,
    fee: 0,
    referenceNo: `CR${day}${Array.from({ length: 12 }, () => random.pick([...'0123456789ABCDEF'])).join('')}`,
    receiptNo,
    batchId,
    chequeNo: null,
    note: null,
    receivedAt,
    createdBy: input.treasurerId,
    createdAt: syncedAt,
    completedAt: syncedAt,
  });
  for (const line of entry.lines) plan.lines.push({ id: ++ids.lines, transactionId, offeringTypeId: line.offeringTypeId, amount: line.amount });

  const entryId = ++ids.ledgerEntries;
  plan.ledgerEntries.push({ id: entryId, transactionId, description: `Cash receipt ${receiptNo}`, postedAt: syncedAt });
  const posting = { entryId, currency: entry.currency };
  plan.ledgerLines.push({ id: ++ids.ledgerLines, ...posting, account: 'clearing', institutionId: input.institution.id, offeringTypeId: null, debit: amount, credit: 0 });
  const targets = shareTargets(input.institution);
  for (const line of entry.lines) {
    const type = types.byId.get(line.offeringTypeId)!;
    const split = splitAmount(line.amount, { church: type.church, field: type.field, union: type.union });
    for (const share of SHARES) {
      if (split[share] === 0) continue;
      plan.ledgerLines.push({ id: ++ids.ledgerLines, ...posting, account: `share:${share}`, institutionId: targets[share], offeringTypeId: type.id, debit: 0, credit: split[share] });
    }
  }
}
