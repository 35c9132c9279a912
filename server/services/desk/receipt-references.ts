import { and, eq, isNull } from 'drizzle-orm';
import type { CashReceiptInput, SyncResult } from '../../../domain/api/receipts';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import type { Divisions } from '../../../domain/money';
import type { Db } from '../../db/client';
import { members, offeringTypes } from '../../db/schema/members';
import { receiptBatches } from '../../db/schema/money';
import { currencies } from '../../db/schema/reference';
import { rejectedWith, type SyncActor } from './sync-entry';

type ValidReceipt = ReturnType<typeof CashReceiptInput.parse>;
export type OfferingTypeInfo = { id: number; title: string; divisions: Divisions };
export type Giver = { memberId: number | null; name: string; phone: string; language: Locale };

/** One lookup per currency per request. */
export function activeCurrencyCache(db: Db) {
  const seen = new Map<string, Promise<boolean>>();
  return (code: string) => {
    let found = seen.get(code);
    if (!found) {
      found = db
        .select({ id: currencies.id })
        .from(currencies)
        .where(and(eq(currencies.alphaCode, code), eq(currencies.active, true)))
        .then((rows) => rows.length > 0);
      seen.set(code, found);
    }
    return found;
  };
}

/** The active offering types of an institution, looked up once per request. */
export function offeringTypeCache(db: Db) {
  const seen = new Map<number, Promise<Map<number, OfferingTypeInfo>>>();
  return (institutionId: number) => {
    let found = seen.get(institutionId);
    if (!found) {
      found = db
        .select()
        .from(offeringTypes)
        .where(and(eq(offeringTypes.institutionId, institutionId), eq(offeringTypes.active, 1)))
        .then((rows) => new Map(rows.map((row) => [row.id, { id: row.id, title: row.title, divisions: { church: row.churchBp, field: row.fieldBp, union: row.unionBp } }])));
      seen.set(institutionId, found);
    }
    return found;
  };
}

export type ReceiptReferences = { giver: Giver; types: Map<number, OfferingTypeInfo> };

/**
 * Everything a receipt names must exist and belong to its institution: the currency (active), each
 * offering type (active, this institution's), the member (by server id or by the client id of an
 * offline registration) and the batch (same institution and currency). The first failure is the
 * entry's answer.
 */
export async function checkReceiptReferences(
  db: Db,
  actor: SyncActor,
  input: ValidReceipt,
  caches: { currencyActive: ReturnType<typeof activeCurrencyCache>; typesOf: ReturnType<typeof offeringTypeCache> },
): Promise<{ ok: true; refs: ReceiptReferences } | { ok: false; result: SyncResult }> {
  const fail = (descriptor: { id: string; message: string }, values: Record<string, unknown>, code: string) => ({
    ok: false as const,
    result: rejectedWith(actor, input.id, descriptor, values, code),
  });
  if (!(await caches.currencyActive(input.currency))) return fail(messages.receiptCurrencyUnknown, { currency: input.currency }, 'not_found');
  const types = await caches.typesOf(input.institutionId);
  const unknownLine = input.lines.find((line) => !types.has(line.offeringTypeId));
  if (unknownLine) return fail(messages.receiptOfferingTypeUnknown, { offeringTypeId: unknownLine.offeringTypeId }, 'not_found');

  let giver: Giver;
  if (input.payer) {
    // A walk-in giver: no member record, and the SMS receipt goes out in the default language.
    giver = { memberId: null, name: input.payer.name, phone: input.payer.phone, language: 'sw' };
  } else {
    const byId = input.memberId !== undefined;
    const [member] = await db
      .select()
      .from(members)
      .where(
        and(
          byId ? eq(members.id, input.memberId!) : eq(members.clientId, input.memberClientId!),
          eq(members.institutionId, input.institutionId),
          isNull(members.deletedAt),
        ),
      );
    if (!member) {
      return byId
        ? fail(messages.receiptMemberUnknown, { memberId: input.memberId }, 'not_found')
        : fail(messages.receiptMemberNotSynced, {}, 'waiting_for_member');
    }
    giver = {
      memberId: member.id,
      name: `${member.firstName} ${member.lastName}`,
      phone: member.phone,
      language: member.preferredLanguage === 'en' ? 'en' : 'sw',
    };
  }

  if (input.batchId !== undefined) {
    const [batch] = await db
      .select({ currency: receiptBatches.currency })
      .from(receiptBatches)
      .where(and(eq(receiptBatches.id, input.batchId), eq(receiptBatches.institutionId, input.institutionId)));
    if (!batch) return fail(messages.receiptBatchUnknown, {}, 'waiting_for_batch');
    if (batch.currency !== input.currency) return fail(messages.receiptBatchCurrency, { currency: input.currency, batchCurrency: batch.currency }, 'invalid');
  }
  return { ok: true, refs: { giver, types } };
}
