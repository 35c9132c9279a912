/** At most this long work waits for the next frame (a hidden tab draws none). */
const PAINT_WAIT_MS = 100;

/**
 * Runs `next` once the page has drawn its next frame, or at once where there are no frames (a
 * service worker, a test). For work that must not compete with drawing a confirmation the person
 * is waiting for (performance.md: a save confirms in ≤ 50 ms on a slow phone).
 */
export function afterNextPaint(next: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(next, 0);
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    next();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, PAINT_WAIT_MS);
}
