import { z } from 'zod';
import { CURRENCY_PATTERN } from '../receipt-rules';
import { recordId } from './common';

/**
 * Unsent cash (issue 16): what a device's outbox still holds, as the device last reported it.
 * The device id is the prefix the device already puts in its receipt numbers (Crockford base32,
 * made once per IndexedDB), so a report names the same device as the paper receipts.
 */
export const DEVICE_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}$/;
/** More groups than any real device holds (one per institution and currency); keeps a report small. */
export const MAX_UNSENT_GROUPS = 50;
/** More receipts than any outbox holds; the count is an int4 column. */
export const MAX_UNSENT_RECEIPTS = 1_000_000;

/** The receipts of one institution in one currency still on the device (pending, or refused and waiting for a fix). */
export const UnsentCashGroup = z
  .object({
    institutionId: recordId,
    currency: z.string().regex(CURRENCY_PATTERN),
    receipts: z.number().int().min(1).max(MAX_UNSENT_RECEIPTS),
    /** Of those, refused by the server (rejected or in conflict) and waiting for a person. */
    held: z.number().int().min(0).max(MAX_UNSENT_RECEIPTS),
    /** Minor units. */
    amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    /** When the oldest of them was written on the device (the device's clock). */
    oldestAt: z.iso.datetime({ offset: true }),
  })
  .strict()
  .refine((group) => group.held <= group.receipts, { message: 'unsent.heldMoreThanReceipts', path: ['held'] });
export type UnsentCashGroup = z.infer<typeof UnsentCashGroup>;

/**
 * The whole of what this user's receipts on this device come to, replacing the previous report of
 * the same device and user; no groups means nothing is left to send.
 */
export const UnsentCashReport = z
  .object({
    deviceId: z.string().regex(DEVICE_ID_PATTERN),
    groups: z.array(UnsentCashGroup).max(MAX_UNSENT_GROUPS),
  })
  .strict()
  .refine((report) => new Set(report.groups.map((group) => `${group.institutionId} ${group.currency}`)).size === report.groups.length, {
    message: 'unsent.duplicateGroup',
    path: ['groups'],
  });
export type UnsentCashReport = z.infer<typeof UnsentCashReport>;

export const UnsentCashReportAnswer = z.object({
  /** The server's clock when it stored the report: the "as of" the dashboard shows. */
  reportedAt: z.string(),
  receipts: z.number().int(),
});
export type UnsentCashReportAnswer = z.infer<typeof UnsentCashReportAnswer>;

const Money = z.object({ currency: z.string(), amount: z.number().int() });

/** One device and user with unsent receipts for one institution, as last reported. */
export const UnsentCashDevice = z.object({
  deviceId: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  receipts: z.number().int(),
  held: z.number().int(),
  /** One per currency, largest first. */
  totals: z.array(Money),
  oldestAt: z.string(),
  reportedAt: z.string(),
  /** The report is older than `staleDays`: the device has not been heard from since. */
  stale: z.boolean(),
});
export type UnsentCashDevice = z.infer<typeof UnsentCashDevice>;

/**
 * The dashboard's unsent cash in the caller's scope; empty for a role that may not read the desk.
 * `devices`: up to `limit`, the oldest unsent first; `count`: all of them.
 */
export const UnsentCashList = z.object({
  staleDays: z.number().int(),
  count: z.number().int(),
  devices: z.array(UnsentCashDevice),
});
export type UnsentCashList = z.infer<typeof UnsentCashList>;
