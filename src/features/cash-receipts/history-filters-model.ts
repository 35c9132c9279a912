import type { LocalMember, LocalReceipt } from '../../lib/offline/types';
import type { HistoryFilters } from './api';
import { deskDay } from './dates';

/** Which entries to show by where they stand: on the server, still on this device, or refused. */
export type SyncFilter = 'all' | 'synced' | 'pending' | 'rejected';

export type HistoryView = {
  from: string;
  to: string;
  offeringTypeId: string;
  member: LocalMember | null;
  batchId: string;
  mineOnly: boolean;
  syncState: SyncFilter;
};

export const emptyHistoryView: HistoryView = { from: '', to: '', offeringTypeId: '', member: null, batchId: '', mineOnly: false, syncState: 'all' };

/** The server's part of the filters. A member registered offline has no server id yet: nothing of theirs is on the server. */
export function serverFilters(view: HistoryView, recorderId: number): HistoryFilters | null {
  if (view.syncState === 'pending' || view.syncState === 'rejected') return null;
  if (view.member && view.member.serverId === null) return null;
  return {
    ...(view.from ? { from: view.from } : {}),
    ...(view.to ? { to: view.to } : {}),
    ...(view.offeringTypeId ? { offeringTypeId: Number(view.offeringTypeId) } : {}),
    ...(view.member?.serverId ? { memberId: view.member.serverId } : {}),
    ...(view.batchId ? { batchId: view.batchId } : {}),
    ...(view.mineOnly ? { recordedBy: recorderId } : {}),
  };
}

function isUnsent(receipt: LocalReceipt): boolean {
  return receipt.syncState !== 'synced';
}

function sameMember(receipt: LocalReceipt, member: LocalMember): boolean {
  const { payload } = receipt;
  return (member.serverId !== null && payload.memberId === member.serverId) || (member.clientId !== null && payload.memberClientId === member.clientId);
}

/**
 * The device's entries that have not reached the server and match the filters; synced ones are
 * left to the server's list so nothing shows twice.
 */
export function unsentMatching(receipts: readonly LocalReceipt[], view: HistoryView, recorderId: number, timeZone: string): LocalReceipt[] {
  if (view.syncState === 'synced') return [];
  return receipts.filter((receipt) => {
    if (!isUnsent(receipt)) return false;
    const refused = receipt.syncState === 'rejected' || receipt.syncState === 'conflict';
    if (view.syncState === 'pending' && refused) return false;
    if (view.syncState === 'rejected' && !refused) return false;
    // The server's filter cuts days in the institution's zone; so does the device's.
    const day = deskDay(timeZone, new Date(receipt.payload.receivedAt));
    if (view.from && day < view.from) return false;
    if (view.to && day > view.to) return false;
    if (view.offeringTypeId && !receipt.payload.lines.some((line) => String(line.offeringTypeId) === view.offeringTypeId)) return false;
    if (view.member && !sameMember(receipt, view.member)) return false;
    if (view.batchId && receipt.batchId !== view.batchId) return false;
    if (view.mineOnly && receipt.recordedBy.id !== recorderId) return false;
    return true;
  });
}
