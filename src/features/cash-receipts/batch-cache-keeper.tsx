import { useEffect, useRef } from 'react';
import { refreshBatches, usePendingCount } from './desk-data';

/** Often enough that a close made on another device shows here before the next envelope is typed. */
const EVERY_MS = 30_000;

/**
 * Keeps the device's copy of the congregation's batches fresh while the desk is open (issue 11):
 * every 30 s while the page is visible and online, and when this device's entries have just reached
 * the server (their batch's figures changed). A component of its own that draws nothing, so the
 * pending count it listens to re-renders only it, not the page (docs/decisions/013-desk-bundle.md).
 */
export function BatchCacheKeeper({ institutionId }: { institutionId: number }) {
  const pending = usePendingCount();
  const previous = useRef(pending);

  useEffect(() => {
    const tick = () => {
      if (navigator.onLine && document.visibilityState === 'visible') refreshBatches(institutionId).catch(() => undefined);
    };
    const timer = setInterval(tick, EVERY_MS);
    return () => clearInterval(timer);
  }, [institutionId]);

  useEffect(() => {
    if (pending < previous.current && navigator.onLine) refreshBatches(institutionId).catch(() => undefined);
    previous.current = pending;
  }, [pending, institutionId]);

  return null;
}
