import { v7 as uuidv7 } from 'uuid';
import type { CashReceiptInput } from '../../../domain/api/receipts';
import { checkCashReceipt, type PhoneCheck } from '../../../domain/receipt-rules';
import { db, type MetaRow, type SadakaDb } from '../db';
import { DEVICE_KEY, type DeviceIdentity, nextReceiptNo } from './device-identity';
import { BatchClosedError, DraftInvalidError, guardStorage } from './errors';
import { requestFlush } from './flush-scheduler';
import { newOutboxEntry } from './outbox-entries';
import { writeNatively } from './native-write';
import { loadPhoneRules } from './phone-rules';
import type { LocalBatch, LocalMember, LocalReceipt } from './types';
import { acceptedDraft } from './validate-draft';

export type ReceiptDraft = {
  institutionId: number;
  /** The institution's code, the first part of the receipt number (MWG-7K3QD-000042). */
  institutionCode: string;
  batchId: string | null;
  member: LocalMember | null;
  /** A walk-in giver (phone only if they left one); null with no member either is a loose offering. */
  payer: { name: string; phone?: string } | null;
  lines: { offeringTypeId: number; amount: number }[];
  currency: string;
  receivedAt: string;
  method: 'cash' | 'cheque';
  chequeNo?: string;
  note?: string;
  recordedBy: { id: number; name: string };
};

/** Who gave: a synced member by server id, an offline registration by client id, a walk-in payer, or nobody (the plate). */
function giverFields(draft: ReceiptDraft): Pick<CashReceiptInput, 'memberId' | 'memberClientId' | 'payer'> {
  if (draft.member?.serverId != null) return { memberId: draft.member.serverId };
  if (draft.member?.clientId) return { memberClientId: draft.member.clientId };
  if (!draft.payer) return {};
  return { payer: draft.payer.phone ? { name: draft.payer.name, phone: draft.payer.phone } : { name: draft.payer.name } };
}

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** A receipt without a walk-in's phone has no phone to check (the check never asks). */
const NO_PHONE: PhoneCheck = () => false;

const RECEIPT_STORES = ['meta', 'batches', 'receipts', 'outbox'] as const;

/**
 * Saves a receipt on this device: a client id, an offline receipt number, the local row and its
 * outbox entry, all in ONE transaction — either the treasurer's receipt exists and will be sent,
 * or nothing was written. Resolves only after that transaction has committed; then asks for a
 * flush without waiting for the network.
 *
 * This is on the counting team's critical path (performance.md: save → confirmation ≤ 50 ms p95 on
 * a 4× slowed CPU), so everything that needs no transaction happens before it (the id, the check,
 * the rows), and inside it the two reads go out together, then the three writes are queued and the
 * transaction commits: one native IndexedDB transaction, without Dexie (native-write.ts,
 * docs/decisions/013-desk-bundle.md).
 */
export async function recordReceipt(draft: ReceiptDraft, database: SadakaDb = db): Promise<LocalReceipt> {
  const id = uuidv7();
  const giver = giverFields(draft);
  // Only a walk-in giver brings a phone; a member's envelope never waits for the phone rules.
  const isE164 = giver.payer?.phone ? (await loadPhoneRules()).isE164 : NO_PHONE;
  const payload = acceptedDraft(
    checkCashReceipt(
      {
        id,
        institutionId: draft.institutionId,
        ...giver,
        lines: draft.lines,
        currency: draft.currency,
        receivedAt: draft.receivedAt,
        ...(draft.batchId ? { batchId: draft.batchId } : {}),
        method: draft.method,
        ...(draft.method === 'cheque' && blankToUndefined(draft.chequeNo) ? { chequeNo: blankToUndefined(draft.chequeNo) } : {}),
        ...(blankToUndefined(draft.note) ? { note: draft.note } : {}),
      },
      isE164,
    ),
  );
  const giverName = draft.member ? `${draft.member.firstName} ${draft.member.lastName}` : (draft.payer?.name.trim() ?? '');
  const giverPhone = draft.member ? draft.member.phone : (draft.payer?.phone ?? null);
  const createdAt = new Date().toISOString();

  const receipt = await guardStorage(() =>
    writeNatively(database, RECEIPT_STORES, async (write) => {
      // The batch is read inside the transaction: a close from another tab cannot slip in between.
      const [batch, device] = await Promise.all([
        draft.batchId ? write.get<LocalBatch>('batches', draft.batchId) : undefined,
        write.get<MetaRow>('meta', DEVICE_KEY).then((row) => row?.value as DeviceIdentity | undefined),
      ]);
      if (draft.batchId) {
        if (!batch || batch.closedAt !== null) throw new BatchClosedError();
        // The server refuses a receipt in another currency than its batch; say so now, not after sync.
        if (batch.currency !== payload.currency) throw new DraftInvalidError([{ path: 'currency', message: 'receipt.batchCurrency' }]);
      }
      const { receiptNo, next } = nextReceiptNo(draft.institutionCode, device);
      const sent: CashReceiptInput = { ...payload, receiptNo };
      const row: LocalReceipt = {
        id,
        receiptNo,
        institutionId: draft.institutionId,
        batchId: draft.batchId,
        payload: sent,
        giverName,
        giverPhone,
        recordedBy: draft.recordedBy,
        createdAt,
        syncState: 'pending',
        syncMessage: null,
      };
      // Queued together: IndexedDB applies them in order and commits them as one.
      write.put('meta', { key: DEVICE_KEY, value: next } satisfies MetaRow);
      write.add('receipts', row);
      write.add('outbox', newOutboxEntry('receipt', sent, draft.recordedBy.id));
      return row;
    }),
  );
  void requestFlush('recorded');
  return receipt;
}
