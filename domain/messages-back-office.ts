import type { Descriptor } from './messages-descriptor';

/** Bank back office: onboarding, approvals, users, reference data (issue 5). Keys are prefixed by area so the merged `messages` never collides. */
export const backOfficeMessages = {} satisfies Record<string, Descriptor>;

/** Field names for "<field> can not be empty" in this area. */
export const backOfficeFieldLabels = {} satisfies Record<string, Descriptor>;
