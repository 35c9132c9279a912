import { z } from 'zod';

/**
 * Sending year statements (ADR 064). A treasurer sends one member's statement, or every member's
 * who gave that year; a member with an email gets it by email, the others by SMS, both as a link
 * that opens that one statement until it expires or is revoked.
 *
 * - `POST /members/{id}/statement/send` and `POST /institutions/{id}/statements/send` with
 *   StatementSendInput → 201 StatementSend (the recipients are fixed; a job sends them).
 * - `GET /statement-sends/{id}` → StatementSend with its people and their state.
 * - `GET /institutions/{id}/statement-sends` → StatementSendList (newest first).
 * - `GET /members/{id}/statement-links` → StatementLinkList; `POST /statement-links/{id}/revoke` → StatementLink.
 */
export const StatementSendInput = z.object({ year: z.number().int().min(2000).max(2100) });
export type StatementSendInput = z.output<typeof StatementSendInput>;

export const STATEMENT_CHANNELS = ['sms', 'email'] as const;
/** pending → sending → sent | failed; `delivery` then follows the SMS or mail itself. */
export const STATEMENT_RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
/** What became of the message: the SMS engine's status, or the mail's. */
export const STATEMENT_DELIVERIES = ['none', 'queued', 'waiting_balance', 'sent', 'delivered', 'failed'] as const;

export const StatementSendPerson = z.object({
  memberId: z.number().int(),
  name: z.string(),
  code: z.string(),
  channel: z.enum(STATEMENT_CHANNELS),
  address: z.string(),
  state: z.enum(STATEMENT_RECIPIENT_STATES),
  delivery: z.enum(STATEMENT_DELIVERIES),
  error: z.string().nullable(),
});
export type StatementSendPerson = z.output<typeof StatementSendPerson>;

export const StatementSend = z.object({
  id: z.number().int(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  year: z.number().int(),
  /** Set for a one-member send; null for a whole congregation. */
  memberId: z.number().int().nullable(),
  recipients: z.number().int(),
  createdAt: z.string(),
  dispatchedAt: z.string().nullable(),
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int(), byEmail: z.number().int(), bySms: z.number().int() }),
  /** The people, by name (the first 1,000; `recipients` says how many in all). */
  people: z.array(StatementSendPerson),
});
export type StatementSend = z.output<typeof StatementSend>;

export const StatementSendList = z.object({ data: z.array(StatementSend.omit({ people: true })) });
export type StatementSendList = z.output<typeof StatementSendList>;

export const STATEMENT_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const StatementLink = z.object({
  id: z.number().int(),
  year: z.number().int(),
  channel: z.enum(STATEMENT_CHANNELS),
  state: z.enum(STATEMENT_LINK_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  opened: z.number().int(),
  lastOpenedAt: z.string().nullable(),
});
export type StatementLink = z.output<typeof StatementLink>;
export const StatementLinkList = z.object({ data: z.array(StatementLink) });
export type StatementLinkList = z.output<typeof StatementLinkList>;
