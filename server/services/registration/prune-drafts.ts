import { join } from 'node:path';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { registrations } from '../../db/schema/approvals';
import { uploads } from '../../db/schema/institutions';
import type { JobRunner } from '../../jobs/job-runner';
import { abandonedAfterMs, abandonedReason } from './drafts';
import { removeFile } from './uploads';

/**
 * Anyone can start a registration and upload documents into it, so files of drafts nobody finishes
 * must not stay on disk forever. Every hour (pg-boss schedule: one run per tick across replicas)
 * drafts untouched for REGISTRATION_ABANDONED_DAYS are closed as abandoned, as a new start by the
 * same applicant would close them, and the files of every abandoned draft are deleted. The draft's
 * row stays, closed, for the record; submitted registrations keep their documents.
 */
export const REGISTRATION_PRUNE_QUEUE = 'registration-prune';
export const REGISTRATION_PRUNE_CRON = '17 * * * *';
const REGISTRATION_PRUNE_QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 };
const BATCH = 500;

type Deps = Pick<AppContext, 'database' | 'config' | 'now'>;

export function defineRegistrationPruneQueue(jobs: JobRunner, deps: Deps): void {
  jobs.define<Record<string, never>>(REGISTRATION_PRUNE_QUEUE, REGISTRATION_PRUNE_QUEUE_OPTIONS, async () => {
    await pruneAbandonedDrafts(deps);
  });
  jobs.schedule(REGISTRATION_PRUNE_QUEUE, REGISTRATION_PRUNE_CRON, {});
}

/** Generated names only: a row whose name is anything else (seeded history) never reaches unlink. */
const STORED_NAME = /^[A-Za-z0-9-]+\.(pdf|png|jpg)$/;

export async function pruneAbandonedDrafts(deps: Deps): Promise<{ closed: number; filesDeleted: number }> {
  const db = deps.database.db;
  const now = deps.now();
  const stale = new Date(now.getTime() - abandonedAfterMs(deps));
  // An upload into the draft locks its row and touches updated_at, so a draft receiving files
  // right now is never matched here (the condition is re-checked after that lock is released).
  const closed = await db
    .update(registrations)
    .set({ status: 'rejected', rejectionReason: abandonedReason(deps), tokenHash: null, updatedAt: now })
    .where(and(eq(registrations.status, 'unfinished'), lt(registrations.updatedAt, stale)))
    .returning({ id: registrations.id });

  // Abandoned = closed without ever being submitted (the bank rejects only submitted ones).
  let filesDeleted = 0;
  for (;;) {
    const batch = await db
      .select({ id: uploads.id, storageName: uploads.storageName })
      .from(uploads)
      .innerJoin(registrations, eq(uploads.registrationId, registrations.id))
      .where(and(eq(registrations.status, 'rejected'), isNull(registrations.submittedAt)))
      .orderBy(uploads.id)
      .limit(BATCH);
    if (batch.length === 0) break;
    // Files first, then rows: a run that stops in between leaves rows whose file is gone (served
    // as 404, deleted by the next run), never a file nobody can find any more.
    for (const file of batch) {
      if (STORED_NAME.test(file.storageName)) await removeFile(join(deps.config.uploadDir, file.storageName));
    }
    await db.delete(uploads).where(inArray(uploads.id, batch.map((file) => file.id)));
    filesDeleted += batch.length;
  }
  return { closed: closed.length, filesDeleted };
}
