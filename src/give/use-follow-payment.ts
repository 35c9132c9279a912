import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentStatusView } from '../../domain/api/payments';
import { FINAL_TRANSACTION_STATUSES } from '../../domain/statuses';
import { ApiError } from '../lib/api-client';
import { giveApi } from './give-api';
import { pollDelay } from './poll-delay';

export type FollowState = {
  view: PaymentStatusView | null;
  /** The last look failed (offline, server busy): the screen says so and keeps trying. */
  trouble: boolean;
  notFound: boolean;
};

export function isFinal(view: PaymentStatusView | null): boolean {
  return view !== null && FINAL_TRANSACTION_STATUSES.includes(view.status);
}

/**
 * Follows one payment with GET /payments/{id} until it is final: quick looks first, then slower
 * (poll-delay.ts); at once again when the tab comes back to the front (phones pause timers in the
 * background). With `live` false it looks once (a bank transfer stays pending for days) and on
 * `checkNow`.
 */
export function useFollowPayment(id: string, live: boolean): FollowState & { checkNow: () => void } {
  const [state, setState] = useState<FollowState>({ view: null, trouble: false, notFound: false });
  const look = useRef<() => void>(() => undefined);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let attempt = 0;
    let done = false;

    const schedule = () => {
      if (!stopped && !done && live) timer = setTimeout(tick, pollDelay(attempt++));
    };
    async function tick() {
      clearTimeout(timer);
      if (controller) return; // one look at a time
      controller = new AbortController();
      try {
        const view = await giveApi.payment(id, controller.signal);
        if (stopped) return;
        done = FINAL_TRANSACTION_STATUSES.includes(view.status);
        setState({ view, trouble: false, notFound: false });
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 404) {
          done = true;
          setState((previous) => ({ ...previous, notFound: true }));
        } else {
          setState((previous) => ({ ...previous, trouble: true }));
        }
      } finally {
        controller = null;
      }
      schedule();
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !done) void tick();
    };
    look.current = () => {
      done = false;
      void tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id, live]);

  const checkNow = useCallback(() => look.current(), []);
  return { ...state, checkNow };
}
