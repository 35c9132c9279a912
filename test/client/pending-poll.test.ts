import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_POLL_MS } from '../../domain/limits';
import { shellQueries } from '../../src/features/shell/api';
import { createQueryClient } from '../../src/lib/query-client';

const counts = { total: 5, account: 1, registration: 1, user: 1, userEdit: 1, smsTopUp: 1 };

/** The server side of the poll: answers in order, then keeps repeating the last answer. */
function serverAnswering(...statuses: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
      const body = status === 200 ? counts : { statusCode: status, code: 'internal', message: 'Something went wrong!' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('pending-requests badge poll (spec: every 30 s, stops on error)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks again every 30 seconds while the answers are good', async () => {
    const calls = serverAnswering(200);
    const observer = new QueryObserver(createQueryClient(), shellQueries.pending());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBe('/api/getTotalPendingRegistration');
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
    expect(calls).toHaveLength(3);
    expect(observer.getCurrentResult().data?.total).toBe(5);
    unsubscribe();
  });

  it('stops polling after the first failed answer', async () => {
    const calls = serverAnswering(200, 500, 200);
    const observer = new QueryObserver(createQueryClient(), shellQueries.pending());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
    expect(calls).toHaveLength(2);
    expect(observer.getCurrentResult().status).toBe('error');
    await vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 5);
    expect(calls).toHaveLength(2);
    unsubscribe();
  });
});
