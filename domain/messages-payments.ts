import type { Descriptor } from './messages-descriptor';

/** Online giving and the payments engine (issue 4). Keys are prefixed by area so the merged `messages` never collides. */
export const paymentMessages = {} satisfies Record<string, Descriptor>;

/** Field names for "<field> can not be empty" in this area. */
export const paymentFieldLabels = {} satisfies Record<string, Descriptor>;
