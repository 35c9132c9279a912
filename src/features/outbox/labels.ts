import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OutboxItem } from '../../lib/offline/hooks';
import type { FlushBlock, OutboxKind } from '../../lib/offline/types';

export const kindLabels: Record<OutboxKind, MessageDescriptor> = {
  receipt: msg`Cash receipt`,
  member: msg`Member registration`,
  batch: msg`Batch`,
};

/** Where one entry stands, in the words a treasurer would use. */
export function stateLabel(item: OutboxItem): MessageDescriptor {
  const { entry } = item;
  if (entry.state === 'rejected') return msg`Rejected`;
  if (entry.state === 'conflict') return msg`Conflict`;
  if (item.waitingFor === 'member') return msg`Waiting for the member's registration`;
  if (item.waitingFor === 'batch') return msg`Waiting for its batch`;
  if (item.waitingFor === 'receipts') return msg`Waiting for the batch's receipts`;
  return entry.attempts > 0 ? msg`Sent, waiting for the server's answer` : msg`Waiting to be sent`;
}

export const blockLabels: Record<Exclude<FlushBlock, null>, MessageDescriptor> = {
  offline: msg`You are offline. Records are kept on this device and sent when the network is back.`,
  'signed-out': msg`Your session has ended. Sign in again to send these records; nothing is lost meanwhile.`,
  'backing-off': msg`The server could not be reached. Trying again shortly.`,
  quota: msg`This device is out of storage space. Free some space; records already saved are safe.`,
};
