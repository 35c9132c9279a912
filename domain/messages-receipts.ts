import type { Descriptor } from './messages-descriptor';

/** Cash receipts, batches, offline member registration and the outbox (issue 3). Keys are prefixed by area so the merged `messages` never collides. */
export const receiptMessages = {
  receiptGiverRequired: /*i18n*/ { id: 'receipt.giverRequired', message: 'Choose a member or enter the giver\'s name and phone' },
} satisfies Record<string, Descriptor>;

/** Field names for "<field> can not be empty" in this area. */
export const receiptFieldLabels = {} satisfies Record<string, Descriptor>;
