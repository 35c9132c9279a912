import { and, eq } from 'drizzle-orm';
import { BatchInput, type SyncResult } from '../../../domain/api/receipts';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { receiptBatches } from '../../db/schema/money';
import { logActivity } from '../auth/activity';
import { activeCurrencyCache } from './receipt-references';
import { admitEntries, refusedAsRejected, rejectedWith, type SyncActor } from './sync-entry';

type Batch = typeof receiptBatches.$inferSelect;
type ValidBatch = ReturnType<typeof BatchInput.parse>;

/**
 * Counting batches from the devices (Rock RMS style): created open (or already closed), and
 * closed once, from any device of the congregation. Closing is the only change a batch accepts;
 * it is answered `created` because it is a new fact the server did not have, and a later close
 * (same or other time) is a `duplicate`. Anything else under the same id is a `conflict`.
 */
export async function syncBatches(ctx: AppContext, actor: SyncActor, entries: readonly unknown[], log: { warn: (o: object, m: string) => void }): Promise<SyncResult[]> {
  const db = ctx.database.db;
  const currencyActive = activeCurrencyCache(db);
  const results: SyncResult[] = [];
  for (const admission of await admitEntries(db, actor, BatchInput, entries)) {
    if (!admission.ok) {
      results.push(admission.result);
      continue;
    }
    const input = admission.value;
    if (!(await currencyActive(input.currency))) {
      results.push(rejectedWith(actor, input.id, messages.receiptCurrencyUnknown, { currency: input.currency }, 'not_found'));
      continue;
    }
    // A batch the database refuses is answered on its own; the next ones still go in.
    results.push(await refusedAsRejected(actor, input.id, log, () => syncBatch(ctx, actor, input)));
  }
  return results;
}

const serviceDateOf = (batch: Batch) => batch.serviceDate.toISOString().slice(0, 10);
const sameInstant = (a: Date | null, b: string | null) => (a === null ? b === null : b !== null && a.getTime() === new Date(b).getTime());

async function syncBatch(ctx: AppContext, actor: SyncActor, input: ValidBatch): Promise<SyncResult> {
  const db = ctx.database.db;
  let existing = await findBatch(db, input.id);
  if (!existing) {
    const [row] = await db
      .insert(receiptBatches)
      .values({
        id: input.id,
        institutionId: input.institutionId,
        name: input.name,
        serviceDate: new Date(`${input.serviceDate}T00:00:00Z`),
        currency: input.currency,
        status: input.closedAt ? 'closed' : 'open',
        closedAt: input.closedAt ? new Date(input.closedAt) : null,
        createdBy: actor.user.id,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing({ target: receiptBatches.id })
      .returning();
    if (row) {
      await logBatch(ctx, actor, row, 'receipt-batch.created');
      return { id: input.id, status: 'created' };
    }
    existing = await findBatch(db, input.id);
    if (!existing) throw new Error(`batch ${input.id} neither inserted nor found`);
  }
  return compareAndClose(ctx, actor, existing, input);
}

async function compareAndClose(ctx: AppContext, actor: SyncActor, existing: Batch, input: ValidBatch): Promise<SyncResult> {
  const conflict = (): SyncResult => ({ id: input.id, status: 'conflict', message: actor.t(messages.batchConflict), code: 'content_differs' });
  const sameDetails =
    existing.institutionId === input.institutionId &&
    existing.name === input.name &&
    serviceDateOf(existing) === input.serviceDate &&
    existing.currency === input.currency;
  if (!sameDetails) return conflict();
  if (sameInstant(existing.closedAt, input.closedAt)) return { id: input.id, status: 'duplicate' };
  // A closed batch met by its own creation again (the outbox delivered the close first): old news.
  if (existing.closedAt !== null) return input.closedAt === null ? { id: input.id, status: 'duplicate' } : alreadyClosed(actor, existing);
  if (input.closedAt === null) return { id: input.id, status: 'duplicate' };
  const [closed] = await ctx.database.db
    .update(receiptBatches)
    .set({ status: 'closed', closedAt: new Date(input.closedAt) })
    .where(and(eq(receiptBatches.id, input.id), eq(receiptBatches.status, 'open')))
    .returning();
  if (closed) {
    await logBatch(ctx, actor, closed, 'receipt-batch.closed');
    return { id: input.id, status: 'created' };
  }
  // Someone closed it between our read and our update: judge this close against theirs.
  const now = await findBatch(ctx.database.db, input.id);
  if (!now || now.closedAt === null) throw new Error(`batch ${input.id} vanished or reopened`);
  return sameInstant(now.closedAt, input.closedAt) ? { id: input.id, status: 'duplicate' } : alreadyClosed(actor, now);
}

/**
 * A close of a batch another device closed first (issue 11: whoever counts next Sunday may close
 * last week's batch, and two people may both press Close). Closing is idempotent: the batch is
 * closed, which is what the device asked for, so this is `duplicate` — the first close's time
 * stands, and the message says when, so the device can show it (ADR 019).
 */
function alreadyClosed(actor: SyncActor, batch: Batch): SyncResult {
  const closedAt = CLOSED_AT[actor.locale].format(batch.closedAt!);
  return { id: batch.id, status: 'duplicate', code: 'already_closed', message: actor.t(messages.batchAlreadyClosed, { closedAt }) };
}

/** East Africa Time, as the treasurers read the clock. */
const CLOSED_AT = {
  sw: new Intl.DateTimeFormat('sw-TZ', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }),
} as const;

async function findBatch(db: Db, id: string): Promise<Batch | null> {
  const [row] = await db.select().from(receiptBatches).where(eq(receiptBatches.id, id));
  return row ?? null;
}

async function logBatch(ctx: AppContext, actor: SyncActor, batch: Batch, action: string) {
  await logActivity(ctx.database.db, {
    userId: actor.user.id,
    sessionId: actor.sessionId,
    action,
    entityType: 'receipt-batch',
    entityId: batch.id,
    details: `${batch.institutionId} ${batch.name}`.slice(0, 300),
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
    at: ctx.now(),
  });
}
