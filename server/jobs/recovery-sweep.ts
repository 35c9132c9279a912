import type { JobRunner } from './job-runner';

export const RECOVERY_SWEEP_QUEUE = 'recovery-sweep';
/** Nothing to retry: the next tick sweeps again. */
const RECOVERY_SWEEP_QUEUE_OPTIONS = { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 300 };

export type RecoveryLogger = { info: (obj: object, msg: string) => void };

/**
 * Work written to the database whose job was never enqueued (the process died, or the database
 * dropped the connection, between the row and the job) is found and enqueued again on a schedule,
 * not only when a process starts: a replica that survives a database blip would otherwise leave
 * such an SMS, payment or statement send waiting until some replica restarts. Both recoveries enqueue under job
 * ids derived from the row, so a sweep never doubles work already queued; pg-boss's schedule makes
 * one sweep per tick across all replicas.
 */
export function defineRecoverySweep(
  jobs: JobRunner,
  deps: {
    cron: string;
    recoverSms: () => Promise<number>;
    recoverPayments: () => Promise<{ polls: number; credits: number }>;
    recoverStatementSends: () => Promise<number>;
    log: RecoveryLogger;
  },
): void {
  jobs.define<Record<string, never>>(RECOVERY_SWEEP_QUEUE, RECOVERY_SWEEP_QUEUE_OPTIONS, async () => {
    const sms = await deps.recoverSms();
    const payments = await deps.recoverPayments();
    const statementSends = await deps.recoverStatementSends();
    if (sms > 0) deps.log.info({ sms }, 'recovery sweep: queued SMS without a job were enqueued again');
    if (payments.polls + payments.credits > 0) deps.log.info(payments, 'recovery sweep: pending payments checked for their polls and credits');
    if (statementSends > 0) deps.log.info({ statementSends }, 'recovery sweep: statement sends without a job were queued again');
  });
  jobs.schedule(RECOVERY_SWEEP_QUEUE, deps.cron, {});
}
