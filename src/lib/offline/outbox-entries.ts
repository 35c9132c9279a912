import type { BatchInput, CashReceiptInput, MemberInput } from '../../../domain/api/receipts';
import type { OutboxEntry, OutboxKind } from './types';

type PayloadOf<K extends OutboxKind> = K extends 'batch' ? BatchInput : K extends 'member' ? MemberInput : CashReceiptInput;

/** A fresh entry, written in the same transaction as its local row. */
export function newOutboxEntry<K extends OutboxKind>(kind: K, payload: PayloadOf<K> & { id: string; institutionId: number }, userId: number, now = Date.now()): OutboxEntry {
  return {
    id: payload.id,
    kind,
    payload,
    state: 'pending',
    userId,
    institutionId: payload.institutionId,
    attempts: 0,
    lastError: null,
    lastStatus: null,
    conflictMemberId: null,
    ...(kind === 'batch' ? { batchCreated: false } : {}),
    createdAt: now,
  };
}
