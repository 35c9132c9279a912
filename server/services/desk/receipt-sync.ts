import { CashReceiptInput, type SyncResult } from '../../../domain/api/receipts';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { requestHash } from './canonical-hash';
import type { ScopedInstitution } from './desk-access';
import { type BulkOutcome, postReceiptsTogether } from './receipt-bulk-post';
import { findStoredReceipt, findStoredReceipts, type PostOutcome, postReceipt, type ReceiptToPost, type StoredReceipt } from './receipt-post';
import { checkReceiptReferences, loadReceiptReferences, type ReferenceLookup, type ValidReceipt } from './receipt-references';
import { type ReceiptSms, sendReceiptSmsMany } from './receipt-sms';
import { admitEntries, refusedAsRejected, rejectedWith, type SyncActor, uuidKey } from './sync-entry';

type Log = { warn: (o: object, m: string) => void };
type Entry = { index: number; input: ValidReceipt; institution: ScopedInstitution; hash: string };
/** An entry for postReceipt, one at a time; `post` when its checks already passed. */
type Alone = { entry: Entry; post?: ReceiptToPost };
type Answer = { result: SyncResult; sms?: ReceiptSms };

/**
 * A device clock may run a few hours fast (a wrong time zone, a battery swap); a date further
 * ahead than this is a typing mistake, and the books would show money received before it was.
 */
const FUTURE_TOLERANCE_MS = 12 * 60 * 60 * 1000;

/**
 * Cash receipts from the outbox, answered in request order exactly as if each had come alone:
 * validate, check the institution is in the caller's scope, answer a replay from what is stored
 * (same content → `duplicate` with the original receipt number, other content → `conflict`),
 * check the date and what the receipt names, store it once, and only then send the SMS receipt.
 *
 * It costs a handful of statements per request, not per receipt: what the entries name is read in
 * one query per kind, the new receipts are stored together in one transaction, their SMS receipts
 * are charged and queued together. An entry whose answer depends on an earlier entry of the same
 * request (same client id, same requested receipt number) and a row the bulk insert skipped for
 * another reason go through postReceipt one at a time afterwards, in request order. If the bulk
 * transaction fails, its receipts go that way too, so one bad entry cannot fail its neighbours.
 */
export async function syncReceipts(ctx: AppContext, actor: SyncActor, entries: readonly unknown[], log: Log): Promise<SyncResult[]> {
  const db = ctx.database.db;
  const now = ctx.now();
  const results: SyncResult[] = [];
  const admitted: Entry[] = [];
  (await admitEntries(db, actor, CashReceiptInput, entries)).forEach((admission, index) => {
    if (!admission.ok) results[index] = admission.result;
    // Instants are compared as instants: "+03:00" and "Z" spellings of one moment are one receipt.
    else admitted.push({ index, input: admission.value, institution: admission.institution, hash: requestHash({ ...admission.value, receivedAt: new Date(admission.value.receivedAt).toISOString() }) });
  });
  const [stored, lookup] = await Promise.all([findStoredReceipts(db, admitted.map((entry) => entry.input.id)), loadReceiptReferences(db, admitted.map((entry) => entry.input))]);

  const together: Array<{ entry: Entry; post: ReceiptToPost }> = [];
  const alone: Alone[] = [];
  const claimedIds = new Set<string>();
  const claimedNumbers = new Set<string>();
  for (const entry of admitted) {
    const id = uuidKey(entry.input.id);
    const number = entry.input.receiptNo === undefined ? null : `${entry.institution.id} ${entry.input.receiptNo}`;
    // Shares a client id or a receipt number with an earlier entry: its answer depends on that
    // one's, so it goes alone, after. Its number is claimed too, so a later entry that shares it
    // waits as well and the numbers go in request order.
    const shares = claimedIds.has(id) || (number !== null && claimedNumbers.has(number));
    claimedIds.add(id);
    if (number !== null) claimedNumbers.add(number);
    if (shares) {
      alone.push({ entry });
      continue;
    }
    const earlier = stored.get(id);
    if (earlier) {
      results[entry.index] = answerReplay(actor, entry, earlier);
      continue;
    }
    const checked = checkNewReceipt(actor, entry, lookup, now);
    if (checked.ok) together.push(checked);
    else results[entry.index] = checked.result;
  }

  const sms: Array<{ index: number; sms: ReceiptSms }> = [];
  const outcomes = await postTogether(ctx, actor, together, log);
  together.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.kind === 'alone') {
      alone.push(item);
    } else {
      const answer = answerPosted(actor, item.entry, item.post, outcome);
      results[item.entry.index] = answer.result;
      if (answer.sms) sms.push({ index: item.entry.index, sms: answer.sms });
    }
  });
  try {
    for (const item of alone.sort((a, b) => a.entry.index - b.entry.index)) {
      const answer = await syncAlone(ctx, actor, item, lookup, now, log);
      results[item.entry.index] = answer.result;
      if (answer.sms) sms.push({ index: item.entry.index, sms: answer.sms });
    }
  } finally {
    // Receipts already committed get their SMS even when a later one fails the request: a replay
    // answers `duplicate` and would never send it.
    await sendReceiptSmsMany(ctx, log, sms.sort((a, b) => a.index - b.index).map((item) => item.sms));
  }
  return results;
}

async function postTogether(ctx: AppContext, actor: SyncActor, together: ReadonlyArray<{ post: ReceiptToPost }>, log: Log): Promise<BulkOutcome[]> {
  if (together.length === 0) return [];
  try {
    return await postReceiptsTogether(ctx, actor, together.map((item) => item.post));
  } catch (error) {
    log.warn({ err: error, receipts: together.length }, 'receipts could not be stored together; storing them one at a time');
    return together.map(() => ({ kind: 'alone' }));
  }
}

/** One entry on its own, against what is stored now (an earlier entry of the request may have stored its client id). */
async function syncAlone(ctx: AppContext, actor: SyncActor, { entry, post }: Alone, lookup: ReferenceLookup, now: Date, log: Log): Promise<Answer> {
  const stored = await findStoredReceipt(ctx.database.db, entry.input.id);
  if (stored) return { result: answerReplay(actor, entry, stored) };
  const checked = post ? { ok: true as const, entry, post } : checkNewReceipt(actor, entry, lookup, now);
  if (!checked.ok) return { result: checked.result };
  // Nothing a retry could cure (a constraint or trigger refusing this receipt): answered on its own,
  // and the rest go ahead. A receipt that was stored is answered from its outcome, with its SMS.
  let answer: Answer | null = null;
  const result = await refusedAsRejected(actor, entry.input.id, log, async () => {
    const outcome: PostOutcome = await postReceipt(ctx, actor, checked.post);
    answer = answerPosted(actor, entry, checked.post, outcome);
    return answer.result;
  });
  return answer ?? { result };
}

/** The checks of a receipt not stored yet: its date, then what it names. */
function checkNewReceipt(
  actor: SyncActor,
  entry: Entry,
  lookup: ReferenceLookup,
  now: Date,
): { ok: true; entry: Entry; post: ReceiptToPost } | { ok: false; result: SyncResult } {
  const { input } = entry;
  if (new Date(input.receivedAt).getTime() - now.getTime() > FUTURE_TOLERANCE_MS) {
    return { ok: false, result: rejectedWith(actor, input.id, messages.receiptReceivedInFuture, {}, 'invalid') };
  }
  const references = checkReceiptReferences(actor, input, lookup);
  if (!references.ok) return references;
  return { ok: true, entry, post: { input, hash: entry.hash, institution: entry.institution, refs: references.refs } };
}

function answerPosted(actor: SyncActor, entry: Entry, post: ReceiptToPost, outcome: PostOutcome): Answer {
  if (outcome.kind === 'exists') return { result: answerReplay(actor, entry, outcome.stored) };
  const { input } = entry;
  const { giver, types } = post.refs;
  // A loose offering or a walk-in who left no phone: nobody to text.
  const sms: ReceiptSms | undefined = giver.phone === null ? undefined : {
    transactionId: outcome.transactionId,
    institution: entry.institution,
    to: giver.phone,
    language: giver.language,
    giverName: giver.name ?? '',
    receiptNo: outcome.receiptNo,
    amount: outcome.amount,
    currency: input.currency,
    lines: input.lines.map((line) => ({ title: types.get(line.offeringTypeId)?.title ?? '', amount: line.amount })),
    receivedAt: new Date(input.receivedAt),
    createdBy: actor.user.id,
  };
  const result: SyncResult = outcome.replacedReceiptNo
    ? {
        id: input.id,
        status: 'created',
        receiptNo: outcome.receiptNo,
        message: actor.t(messages.receiptNumberReplaced, { requested: outcome.replacedReceiptNo, receiptNo: outcome.receiptNo }),
        code: 'receipt_no_replaced',
      }
    : { id: input.id, status: 'created', receiptNo: outcome.receiptNo };
  return { result, sms };
}

function answerReplay(actor: SyncActor, entry: Entry, stored: StoredReceipt): SyncResult {
  const id = entry.input.id;
  // Another institution's receipt under this id: a bare conflict, nothing of theirs in the answer.
  if (stored.institutionId !== entry.institution.id) return { id, status: 'conflict', message: actor.t(messages.receiptConflict), code: 'content_differs' };
  const receiptNo = stored.receiptNo ?? undefined;
  if (stored.requestHash === entry.hash) return { id, status: 'duplicate', ...(receiptNo ? { receiptNo } : {}) };
  return { id, status: 'conflict', ...(receiptNo ? { receiptNo } : {}), message: actor.t(messages.receiptConflict), code: 'content_differs' };
}
