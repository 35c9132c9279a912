import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import { getCurrentLocale } from '../current-locale';
import { db } from '../db';
import { canDo } from '../permissions';
import { requestPersistentStorage } from '../pwa';
import { getStoredProfile, getToken } from '../session';
import { registerBackgroundSync } from './background-sync';
import { flushOutbox, type FlushOutcome } from './flush';
import { installFlushRunner, requestFlush, type FlushReason } from './flush-scheduler';
import { refreshOfflineCache } from './refresh-cache';
import { mirrorSession } from './session-mirror';
import { createHttpTransport } from './transport';
import type { SendAuth } from './types';
import { reportUnsentCash } from './unsent-report';

/** While entries wait (on another entry, or after a finished run), look again this often. */
const IDLE_RECHECK_MS = 30_000;

/** The page's session, read at send time from where sign-in keeps it. */
async function pageAuth(): Promise<SendAuth | null> {
  const token = getToken();
  const profile = getStoredProfile();
  return token && profile ? { token, userId: profile.id, locale: getCurrentLocale() } : null;
}

const transport = createHttpTransport({ auth: pageAuth });
let timer: ReturnType<typeof setTimeout> | undefined;
let users = 0;

let reporting: Promise<unknown> = Promise.resolve();

/**
 * Reports the unsent cash of this device (issue 16), one report after another so a later count
 * never lands before an earlier one. Not awaited by the flush: a slow report must not hold up the
 * sending of the receipts themselves. Only for those who record receipts, and not offline.
 */
function reportUnsent(): void {
  const profile = getStoredProfile();
  if (!profile || profile.force_change_password || !canDo(profile, 'cashReceipts', 'create') || navigator.onLine === false) return;
  reporting = reporting.then(async () => {
    const auth = await pageAuth();
    if (auth) await reportUnsentCash(auth);
  }).catch(() => undefined);
}

async function run(reason: FlushReason): Promise<FlushOutcome> {
  // The service worker reads the session from here when it flushes on a `sync` event.
  await mirrorSession(await pageAuth()).catch(() => undefined);
  // At the start of an attempt: what is waiting, whether or not the sending then goes through. Not
  // for the flush that follows a save: online it sends the receipt at once, offline nothing could
  // go; if it fails, the timer's attempt reports.
  if (reason !== 'recorded') reportUnsent();
  const outcome = await flushOutbox(transport, { reason });
  await schedule(outcome);
  return outcome;
}

/** The timer trigger: at the end of a back-off, or every 30 s while this person has entries waiting. */
async function schedule(outcome: FlushOutcome): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (users === 0) return;
  if (outcome.status === 'offline' || outcome.status === 'backing-off') void registerBackgroundSync();
  const userId = getStoredProfile()?.id;
  // Is anything of this person's waiting? The first pending entry answers it: no walk over a long offline queue after each save.
  const waiting = userId === undefined ? undefined : await db.outbox.where('userId').equals(userId).filter((entry) => entry.state === 'pending').first();
  if (waiting === undefined || outcome.status === 'signed-out' || outcome.status === 'quota') return;
  const delay = outcome.retryAt ? Math.max(0, outcome.retryAt - Date.now()) : IDLE_RECHECK_MS;
  timer = setTimeout(() => void requestFlush('timer'), delay);
}

const onOnline = () => {
  void requestFlush('online');
  refreshCacheForProfile();
};
const onVisible = () => {
  if (document.visibilityState === 'visible') void requestFlush('visible');
};

/**
 * Not while the password must be changed: the server refuses such a session everything but the
 * change (403 on every desk list), so the refresh would only fail. The desk and members pages
 * refresh the copy themselves once the person reaches them after the change.
 */
function refreshCacheForProfile(): void {
  const profile = getStoredProfile();
  if (profile?.entityId && !profile.force_change_password) void refreshOfflineCache(profile.entityId);
}

let receiptsWatch: { unsubscribe: () => void } | undefined;

/**
 * Whenever receipts leave the outbox — sent by this page or by the service worker, or discarded —
 * the server hears what is left, so a device that sent everything leaves the dashboard at once.
 */
function watchReceiptsLeaving(): { unsubscribe: () => void } {
  let previous: number | null = null;
  return liveQuery(() => db.outbox.where('kind').equals('receipt').count()).subscribe({
    next: (count) => {
      if (previous !== null && count < previous) reportUnsent();
      previous = count;
    },
    error: () => undefined,
  });
}

/**
 * Starts the page's outbox triggers (offline.md): app start, `online`, visibility regained, a timer
 * while entries wait, and Background Sync registration after a failed attempt. Idempotent and
 * reference-counted; returns the stop function.
 */
export function startOutboxRuntime(): () => void {
  users += 1;
  if (users === 1) {
    installFlushRunner(run);
    receiptsWatch = watchReceiptsLeaving();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    // A signed-in person is here: ask the browser not to evict the outbox (Safari's 7-day rule, low disk).
    void requestPersistentStorage();
    void requestFlush('start');
    refreshCacheForProfile();
  }
  return () => {
    users -= 1;
    if (users > 0) return;
    installFlushRunner(null);
    receiptsWatch?.unsubscribe();
    receiptsWatch = undefined;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Mounts the runtime with a component (reference-counted: the top bar already does, more mounts are harmless). */
export function useOutboxRuntime(): void {
  useEffect(() => startOutboxRuntime(), []);
}
