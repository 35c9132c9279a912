import { afterNextPaint } from './after-paint';

/**
 * Why a flush was asked for. `manual`, `online`, `start` and `sync` may cut a network back-off
 * short (there is reason to believe the network is back); none of them skips a server's Retry-After.
 */
export type FlushReason = 'start' | 'online' | 'visible' | 'timer' | 'recorded' | 'manual' | 'sync';

type Runner = (reason: FlushReason) => Promise<unknown>;

let runner: Runner | null = null;
let running: Promise<void> | null = null;
let queued: FlushReason | null = null;

/** Reasons that suggest the network just came back. */
export const URGENT_REASONS: readonly FlushReason[] = ['manual', 'online', 'start', 'sync'];

/**
 * The page's runtime installs how to flush (its transport, its triggers); until then requests are
 * no-ops, so saving a record never depends on the network code being ready.
 */
export function installFlushRunner(next: Runner | null): void {
  runner = next;
}

/**
 * Asks for a flush without waiting for it. Requests that arrive while one runs are folded into
 * one more run afterwards, so a burst of saves costs one or two requests, not one each.
 *
 * A save's request (`recorded`) starts after the next frame: the record is already committed, and
 * the flush's own reads and writes (the session mirror, the queue, the flush state) would otherwise
 * compete with drawing the "Saved" confirmation (performance.md: ≤ 50 ms on a slow phone).
 */
export function requestFlush(reason: FlushReason): Promise<void> {
  if (!runner) return Promise.resolve();
  if (reason === 'recorded') {
    return new Promise((resolve) => afterNextPaint(() => void startFlush(reason).then(resolve)));
  }
  return startFlush(reason);
}

function startFlush(reason: FlushReason): Promise<void> {
  if (!runner) return Promise.resolve();
  if (running) {
    if (queued === null || URGENT_REASONS.includes(reason)) queued = reason;
    return running;
  }
  const run = runner;
  running = (async () => {
    let next: FlushReason | null = reason;
    while (next !== null) {
      queued = null;
      try {
        await run(next);
      } catch {
        // The flusher records its own failures in the flush state; a throw here must not stop later requests.
      }
      next = queued;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
