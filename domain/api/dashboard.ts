import { z } from 'zod';

const Money = z.object({ amount: z.number().int(), currency: z.string() });
export const RecentTransaction = z.object({
  id: z.string(),
  reference: z.string(),
  member: z.string(),
  institution: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type RecentTransaction = z.infer<typeof RecentTransaction>;

export const DashboardSummary = z.object({
  scope: z.string(),
  collectedThisMonth: Money,
  collectedThisYear: Money,
  transactionsThisMonth: z.number().int(),
  pendingTransactions: z.number().int(),
  failedTransactions: z.number().int(),
  members: z.number().int(),
  institutions: z.number().int(),
  byMethod: z.array(z.object({ method: z.string(), amount: z.number().int(), count: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string(), amount: z.number().int() })),
  /** The five largest of the year; `id` is what the transactions list filters on (the figure's link). */
  byInstitution: z.array(z.object({ id: z.number().int(), institution: z.string(), amount: z.number().int() })),
  /**
   * Open counting batches older than the server's STALE_BATCH_DAYS (both service date and opening),
   * in scope; always empty for a role that may not read batches. `oldest`: up to five, oldest first.
   */
  staleBatches: z.object({
    days: z.number().int(),
    count: z.number().int(),
    oldest: z.array(z.object({ id: z.string(), institutionId: z.number().int(), institution: z.string(), name: z.string(), serviceDate: z.string() })),
  }),
  recent: z.array(RecentTransaction),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;
