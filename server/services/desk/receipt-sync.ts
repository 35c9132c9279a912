import { CashReceiptInput, type SyncResult } from '../../../domain/api/receipts';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { requestHash } from './canonical-hash';
import { scopedInstitutionCache } from './desk-access';
import { findStoredReceipt, postReceipt, type StoredReceipt } from './receipt-post';
import { activeCurrencyCache, checkReceiptReferences, offeringTypeCache } from './receipt-references';
import { sendReceiptSms } from './receipt-sms';
import { rejectedWith, type SyncActor, validateEntry } from './sync-entry';

type Log = { warn: (o: object, m: string) => void };

/**
 * Cash receipts from the outbox, answered one by one in request order. Per entry: validate, check
 * the institution is in the caller's scope, answer a replay from what is stored (same content →
 * `duplicate` with the original receipt number, other content → `conflict`), check what the
 * receipt names, store it once, and only then send the SMS receipt.
 */
export async function syncReceipts(ctx: AppContext, actor: SyncActor, entries: readonly unknown[], log: Log): Promise<SyncResult[]> {
  const db = ctx.database.db;
  const scoped = scopedInstitutionCache(db, actor.user);
  const caches = { currencyActive: activeCurrencyCache(db), typesOf: offeringTypeCache(db) };
  const results: SyncResult[] = [];
  for (const raw of entries) {
    const checked = validateEntry(CashReceiptInput, raw, actor);
    if (!checked.ok) {
      results.push(checked.result);
      continue;
    }
    const input = checked.value;
    const institution = await scoped(input.institutionId);
    if (!institution || institution.status !== 'active') {
      results.push(rejectedWith(actor, input.id, messages.receiptInstitutionNotAllowed, {}, 'forbidden'));
      continue;
    }
    // Instants are compared as instants: "+03:00" and "Z" spellings of one moment are one receipt.
    const hash = requestHash({ ...input, receivedAt: new Date(input.receivedAt).toISOString() });
    const stored = await findStoredReceipt(db, input.id);
    if (stored) {
      results.push(answerReplay(actor, input.id, stored, hash));
      continue;
    }
    const references = await checkReceiptReferences(db, actor, input, caches);
    if (!references.ok) {
      results.push(references.result);
      continue;
    }
    const outcome = await postReceipt(ctx, actor, input, hash, institution, references.refs);
    if (outcome.kind === 'exists') {
      results.push(answerReplay(actor, input.id, outcome.stored, hash));
      continue;
    }
    const { giver, types } = references.refs;
    await sendReceiptSms(ctx, log, {
      transactionId: outcome.transactionId,
      institution,
      to: giver.phone,
      language: giver.language,
      giverName: giver.name,
      receiptNo: outcome.receiptNo,
      amount: outcome.amount,
      currency: input.currency,
      lines: input.lines.map((line) => ({ title: types.get(line.offeringTypeId)?.title ?? '', amount: line.amount })),
      receivedAt: new Date(input.receivedAt),
      createdBy: actor.user.id,
    });
    results.push(
      outcome.replacedReceiptNo
        ? {
            id: input.id,
            status: 'created',
            receiptNo: outcome.receiptNo,
            message: actor.t(messages.receiptNumberReplaced, { requested: outcome.replacedReceiptNo, receiptNo: outcome.receiptNo }),
            code: 'receipt_no_replaced',
          }
        : { id: input.id, status: 'created', receiptNo: outcome.receiptNo },
    );
  }
  return results;
}

function answerReplay(actor: SyncActor, id: string, stored: StoredReceipt, hash: string): SyncResult {
  const receiptNo = stored.receiptNo ?? undefined;
  if (stored.requestHash === hash) return { id, status: 'duplicate', ...(receiptNo ? { receiptNo } : {}) };
  return { id, status: 'conflict', ...(receiptNo ? { receiptNo } : {}), message: actor.t(messages.receiptConflict), code: 'content_differs' };
}
