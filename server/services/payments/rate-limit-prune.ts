import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';
import { LONGEST_RATE_WINDOW_MS, pruneRateLimits } from './rate-limit';

/**
 * Every address and phone that ever met a limit leaves a counter row; strangers bring new ones
 * every day. Once an hour (a pg-boss schedule: one run per tick across replicas) counters whose
 * window ended more than the longest window ago are deleted: they hold nothing a claim would read.
 */
export const RATE_LIMIT_PRUNE_QUEUE = 'rate-limit-prune';
export const RATE_LIMIT_PRUNE_CRON = '41 * * * *';
const RATE_LIMIT_PRUNE_QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 };

type Deps = Pick<AppContext, 'database' | 'config' | 'now'>;

export function defineRateLimitPruneQueue(jobs: JobRunner, deps: Deps): void {
  jobs.define<Record<string, never>>(RATE_LIMIT_PRUNE_QUEUE, RATE_LIMIT_PRUNE_QUEUE_OPTIONS, async () => {
    await pruneRateLimits(deps.database.db, deps.now(), Math.max(LONGEST_RATE_WINDOW_MS, deps.config.registration.draftWindowMs));
  });
  jobs.schedule(RATE_LIMIT_PRUNE_QUEUE, RATE_LIMIT_PRUNE_CRON, {});
}
