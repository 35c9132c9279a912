/**
 * How long the waiting screen waits before asking the server again. Quick at first (a push is
 * often answered within seconds), then slower so a phone on 2G that waits minutes for a timeout
 * sends a few small requests a minute, not a stream.
 */
export const POLL_DELAYS_MS = [2000, 2000, 3000, 3000, 5000, 5000, 8000] as const;
export const MAX_POLL_DELAY_MS = 10_000;

export function pollDelay(attempt: number): number {
  return POLL_DELAYS_MS[attempt] ?? MAX_POLL_DELAY_MS;
}
