import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { CashReceiptInput, SyncResult } from '../../../domain/api/receipts';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import type { Divisions } from '../../../domain/money';
import type { Db } from '../../db/client';
import { members, offeringTypes } from '../../db/schema/members';
import { receiptBatches } from '../../db/schema/money';
import { currencies } from '../../db/schema/reference';
import { type DivisionPeriod, loadDivisionHistory } from '../offerings/division-history';
import { rejectedWith, type SyncActor, uuidKey } from './sync-entry';

export type ValidReceipt = ReturnType<typeof CashReceiptInput.parse>;
/** `history`: the type's division periods, so a receipt is split by the shares of the day it was received (ADR 021). */
export type OfferingTypeInfo = { id: number; title: string; divisions: Divisions; history?: DivisionPeriod[] };
/** Who gave; a loose offering (the plate) has no name, and neither it nor a walk-in without a phone gets an SMS. */
export type Giver = { memberId: number | null; name: string | null; phone: string | null; language: Locale };

/** One lookup per currency per request (batch sync). */
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

export type ReceiptReferences = { giver: Giver; types: Map<number, OfferingTypeInfo> };

type KnownMember = { id: number; clientId: string | null; institutionId: number; firstName: string; lastName: string; phone: string; preferredLanguage: string };

/**
 * Everything the receipts of one request name, read in one query per kind (currencies, offering
 * types, members, batches). UUID keys are lower case, as PostgreSQL prints them.
 */
export type ReferenceLookup = {
  activeCurrencies: ReadonlySet<string>;
  typesOf: ReadonlyMap<number, Map<number, OfferingTypeInfo>>;
  membersById: ReadonlyMap<number, KnownMember>;
  membersByClientId: ReadonlyMap<string, KnownMember>;
  batches: ReadonlyMap<string, { institutionId: number; currency: string }>;
};

const distinct = <T>(values: ReadonlyArray<T | undefined>): T[] => [...new Set(values.filter((value): value is T => value !== undefined))];

export async function loadReceiptReferences(db: Db, inputs: readonly ValidReceipt[]): Promise<ReferenceLookup> {
  const codes = distinct(inputs.map((input) => input.currency));
  const institutionIds = distinct(inputs.map((input) => input.institutionId));
  const memberIds = distinct(inputs.map((input) => input.memberId));
  const memberClientIds = distinct(inputs.map((input) => input.memberClientId));
  const batchIds = distinct(inputs.map((input) => input.batchId));
  const memberNamed = [...(memberIds.length ? [inArray(members.id, memberIds)] : []), ...(memberClientIds.length ? [inArray(members.clientId, memberClientIds)] : [])];

  const [currencyRows, typeRows, memberRows, batchRows] = await Promise.all([
    codes.length
      ? db.select({ code: currencies.alphaCode }).from(currencies).where(and(inArray(currencies.alphaCode, codes), eq(currencies.active, true)))
      : [],
    institutionIds.length
      ? db.select().from(offeringTypes).where(and(inArray(offeringTypes.institutionId, institutionIds), eq(offeringTypes.active, 1)))
      : [],
    memberNamed.length
      ? db
          .select({
            id: members.id,
            clientId: members.clientId,
            institutionId: members.institutionId,
            firstName: members.firstName,
            lastName: members.lastName,
            phone: members.phone,
            preferredLanguage: members.preferredLanguage,
          })
          .from(members)
          .where(and(or(...memberNamed), isNull(members.deletedAt)))
      : [],
    batchIds.length
      ? db.select({ id: receiptBatches.id, institutionId: receiptBatches.institutionId, currency: receiptBatches.currency }).from(receiptBatches).where(inArray(receiptBatches.id, batchIds))
      : [],
  ]);

  const typesOf = new Map<number, Map<number, OfferingTypeInfo>>(institutionIds.map((id) => [id, new Map()]));
  const history = await loadDivisionHistory(db, typeRows.map((row) => row.id));
  for (const row of typeRows) {
    const divisions = { church: row.churchBp, field: row.fieldBp, union: row.unionBp };
    typesOf.get(row.institutionId)?.set(row.id, { id: row.id, title: row.title, divisions, history: history.get(row.id) });
  }
  return {
    activeCurrencies: new Set(currencyRows.map((row) => row.code)),
    typesOf,
    membersById: new Map(memberRows.map((row) => [row.id, row])),
    membersByClientId: new Map(memberRows.flatMap((row) => (row.clientId ? [[row.clientId, row] as const] : []))),
    batches: new Map(batchRows.map((row) => [row.id, { institutionId: row.institutionId, currency: row.currency }])),
  };
}

/**
 * Everything a receipt names must exist and belong to its institution: the currency (active), each
 * offering type (active, this institution's), the member (by server id or by the client id of an
 * offline registration) and the batch (same institution and currency). The first failure is the
 * entry's answer.
 */
export function checkReceiptReferences(
  actor: SyncActor,
  input: ValidReceipt,
  lookup: ReferenceLookup,
): { ok: true; refs: ReceiptReferences } | { ok: false; result: SyncResult } {
  const fail = (descriptor: { id: string; message: string }, values: Record<string, unknown>, code: string) => ({
    ok: false as const,
    result: rejectedWith(actor, input.id, descriptor, values, code),
  });
  if (!lookup.activeCurrencies.has(input.currency)) return fail(messages.receiptCurrencyUnknown, { currency: input.currency }, 'not_found');
  const types = lookup.typesOf.get(input.institutionId) ?? new Map<number, OfferingTypeInfo>();
  const unknownLine = input.lines.find((line) => !types.has(line.offeringTypeId));
  if (unknownLine) return fail(messages.receiptOfferingTypeUnknown, { offeringTypeId: unknownLine.offeringTypeId }, 'not_found');

  let giver: Giver;
  if (input.payer) {
    // A walk-in giver: no member record, and the SMS receipt (when there is a phone) goes out in the default language.
    giver = { memberId: null, name: input.payer.name, phone: input.payer.phone ?? null, language: 'sw' };
  } else if (input.memberId === undefined && input.memberClientId === undefined) {
    giver = { memberId: null, name: null, phone: null, language: 'sw' };
  } else {
    const byId = input.memberId !== undefined;
    const found = byId ? lookup.membersById.get(input.memberId!) : lookup.membersByClientId.get(uuidKey(input.memberClientId!));
    const member = found?.institutionId === input.institutionId ? found : undefined;
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
    const batch = lookup.batches.get(uuidKey(input.batchId));
    if (!batch || batch.institutionId !== input.institutionId) return fail(messages.receiptBatchUnknown, {}, 'waiting_for_batch');
    if (batch.currency !== input.currency) return fail(messages.receiptBatchCurrency, { currency: input.currency, batchCurrency: batch.currency }, 'invalid');
  }
  return { ok: true, refs: { giver, types } };
}
