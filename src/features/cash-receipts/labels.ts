import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SyncState } from '../../lib/offline/types';

export const syncStateLabels: Record<SyncState, MessageDescriptor> = {
  pending: msg`Pending on this device`,
  sending: msg`Sending…`,
  synced: msg`Synced`,
  rejected: msg`Rejected`,
  conflict: msg`Conflict`,
};

/** Shown where a giver's name would be when there is none: a loose offering from the plate. */
export const looseOfferingLabel: MessageDescriptor = msg`Loose offering`;

export const methodLabels: Record<'cash' | 'cheque', MessageDescriptor> = {
  cash: msg`Cash`,
  cheque: msg`Cheque`,
};

export type PaperSize = 'a4' | '80mm' | '58mm';
export const paperLabels: Record<PaperSize, MessageDescriptor> = {
  a4: msg`A4`,
  '80mm': msg`80 mm receipt printer`,
  '58mm': msg`58 mm receipt printer`,
};
