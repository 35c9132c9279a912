import { MAX_SYNC_BATCH } from '../../../domain/receipt-rules';
import { db, type SadakaDb } from '../db';
import { applyResults, markSending, refuseAll } from './apply-results';
import { backoffDelay } from './backoff';
import { isQuotaError } from './errors';
import { outboxView, PHASES, type Phase } from './flush-phases';
import { type FlushReason, URGENT_REASONS } from './flush-scheduler';
import { readFlushState, tokenFingerprint, writeFlushState } from './flush-state';
import { BUSY, type LockManagerLike, withOutboxLock } from './outbox-lock';
import type { OutboxTransport, SendResult } from './transport';
import type { FlushBlock, FlushState, OutboxEntry, SendAuth } from './types';

export type FlushOptions = {
  reason?: FlushReason;
  database?: SadakaDb;
  /** Injectable clock and randomness, so tests drive back-off without waiting. */
  now?: () => number;
  random?: () => number;
  /** Web Locks by default; `null` means none (the in-realm guard still holds). */
  locks?: LockManagerLike | null;
  /** Whether the device believes it is online (navigator.onLine); only labels a network failure. */
  online?: () => boolean;
};

export type FlushOutcome = {
  /** done: reached the server and went through every phase (entries waiting on others may remain). */
  status: 'done' | 'idle' | 'busy' | 'waiting' | Exclude<FlushBlock, null>;
  /** Entries the server answered for in this run. */
  answered: number;
  /** When the next attempt makes sense (back-off end), else null. */
  retryAt: number | null;
};

/** 10,000 entries per run at most; a bug that made no progress must not spin forever. */
const MAX_REQUESTS_PER_RUN = 100;

/**
 * THE flush (offline.md): the page and the service worker both call this. It holds the outbox
 * lock, sends this user's entries in dependency order in batches of up to 100, applies each answer
 * per entry, and on trouble keeps everything: network/5xx/429/503 → back off (jitter, Retry-After),
 * 401 → pause the whole queue until a new sign-in. No React, no window: it runs in a worker.
 */
export async function flushOutbox(transport: OutboxTransport, options: FlushOptions = {}): Promise<FlushOutcome> {
  const outcome = await withOutboxLock(() => runFlush(transport, options), options.locks);
  return outcome === BUSY ? { status: 'busy', answered: 0, retryAt: null } : outcome;
}

async function runFlush(transport: OutboxTransport, options: FlushOptions): Promise<FlushOutcome> {
  const database = options.database ?? db;
  const now = options.now ?? Date.now;
  try {
    return await sendAll(transport, options, database, now);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    // Even the answer could not be written: everything stays as it was and will be resent (duplicate).
    await writeFlushState({ block: 'quota', lastError: 'quota_exceeded' }, database).catch(() => undefined);
    return { status: 'quota', answered: 0, retryAt: null };
  }
}

async function sendAll(transport: OutboxTransport, options: FlushOptions, database: SadakaDb, now: () => number): Promise<FlushOutcome> {
  const state = await readFlushState(database);
  const reason = options.reason ?? 'manual';
  if (state.backoffUntil > now() && !(state.backoffCause === 'network' && URGENT_REASONS.includes(reason))) {
    return { status: 'waiting', answered: 0, retryAt: state.backoffUntil };
  }
  if ((await database.outbox.where('state').equals('pending').count()) === 0) {
    if (state.block !== null && state.block !== 'signed-out') await writeFlushState({ block: null }, database);
    return { status: 'idle', answered: 0, retryAt: null };
  }
  // navigator.onLine === false is reliable (true is not): no request is worth trying, and no back-off
  // grows meanwhile; the `online` event brings the next run.
  if ((options.online ?? defaultOnline)() === false) {
    if (state.block !== 'offline') await writeFlushState({ block: 'offline' }, database);
    return { status: 'offline', answered: 0, retryAt: null };
  }
  const auth = await transport.auth();
  if (!auth) {
    await writeFlushState({ block: 'signed-out' }, database);
    return { status: 'signed-out', answered: 0, retryAt: null };
  }
  if (state.block === 'signed-out' && state.signedOutFingerprint === tokenFingerprint(auth.token)) {
    return { status: 'signed-out', answered: 0, retryAt: null };
  }

  let answered = 0;
  let requests = 0;
  // Entries the server called "too early" this run wait for the next one, instead of looping here.
  const later = new Set<string>();
  for (const phase of PHASES) {
    for (;;) {
      const candidates = await nextChunk(database, phase, auth, later);
      if (candidates.length === 0 || requests >= MAX_REQUESTS_PER_RUN) break;
      const chunk = await markSending(database, candidates);
      if (chunk.length === 0) continue;
      requests += 1;
      const result = await transport.send(phase.endpoint, chunk.map(phase.body), auth);
      const stop = await handle(result, phase, chunk, database, { state, now, options, auth, later });
      if (stop) return { ...stop, answered };
      answered += chunk.length;
    }
  }
  await writeFlushState(
    { block: null, lastFlushAt: now(), backoffUntil: 0, backoffCause: null, failures: 0, lastError: null, signedOutFingerprint: null },
    database,
  );
  return { status: 'done', answered, retryAt: null };
}

/** This user's eligible entries for the phase, in write order, at most one request's worth. */
async function nextChunk(database: SadakaDb, phase: Phase, auth: SendAuth, later: ReadonlySet<string>): Promise<OutboxEntry[]> {
  const all = await database.outbox.toArray();
  const view = outboxView(all);
  const chunk: OutboxEntry[] = [];
  for (const entry of all) {
    if (entry.state !== 'pending' || entry.userId !== auth.userId || later.has(entry.id) || !phase.eligible(entry, view)) continue;
    chunk.push(entry);
    if (chunk.length === MAX_SYNC_BATCH) break;
  }
  return chunk;
}

type Context = { state: FlushState; now: () => number; options: FlushOptions; auth: SendAuth; later: Set<string> };

/** Applies one request's outcome; returns how the run stops, or null to go on. */
async function handle(result: SendResult, phase: Phase, chunk: OutboxEntry[], database: SadakaDb, context: Context): Promise<Omit<FlushOutcome, 'answered'> | null> {
  switch (result.kind) {
    case 'results': {
      const sent = new Set(chunk.map((entry) => entry.id));
      const answered = new Set(result.results.filter((answer) => sent.has(answer.id)).map((answer) => answer.id));
      // An answer that skips an entry breaks the contract: keep them all and try later (replays are duplicates).
      if (answered.size !== sent.size) return backOff(database, context, 'server', 'incomplete_answer', null);
      for (const id of await applyResults(database, phase, chunk, result.results)) context.later.add(id);
      return null;
    }
    case 'refused':
      await refuseAll(database, phase, chunk, result.message);
      return null;
    case 'unauthorized':
      await writeFlushState({ block: 'signed-out', signedOutFingerprint: tokenFingerprint(context.auth.token) }, database);
      return { status: 'signed-out', retryAt: null };
    case 'network':
      return backOff(database, context, 'network', 'network', null);
    case 'retry':
      return backOff(database, context, 'server', `http_${result.status}`, result.retryAfterMs);
  }
}

async function backOff(
  database: SadakaDb,
  { state, now, options }: Context,
  cause: 'network' | 'server',
  lastError: string,
  retryAfterMs: number | null,
): Promise<Omit<FlushOutcome, 'answered'>> {
  const failures = state.failures + 1;
  const retryAt = now() + backoffDelay(failures, retryAfterMs, options.random);
  const offline = cause === 'network' && (options.online ?? defaultOnline)() === false;
  const block: FlushBlock = offline ? 'offline' : 'backing-off';
  await writeFlushState({ block, failures, backoffUntil: retryAt, backoffCause: cause, lastError }, database);
  return { status: block, retryAt };
}

function defaultOnline(): boolean {
  return (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false;
}
