import { useRef, useState } from 'react';
import type { PaymentCreated, PaymentInput } from '../../domain/api/payments';
import { ApiError } from '../lib/api-client';
import { giveApi } from './give-api';
import { nextAttempt, type PaymentAttempt } from './payment-attempt';

/** How often a "still being processed" (409) answer is asked again, with the same key, before giving up. */
const IN_FLIGHT_RETRIES = 3;
const IN_FLIGHT_WAIT_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SendState = { sending: boolean; error: unknown };

/**
 * Sends POST /payments for the body a person confirmed, with the attempt rules of
 * payment-attempt.ts: the same Idempotency-Key until the server has answered; `fresh` (the
 * deliberate "Try again" after a payment ended) makes a new key only then. While one request is
 * out, further presses are ignored.
 */
export function useSendPayment(onCreated: (created: PaymentCreated, body: PaymentInput) => void) {
  const attempt = useRef<PaymentAttempt | null>(null);
  const busy = useRef(false);
  const [state, setState] = useState<SendState>({ sending: false, error: null });

  async function send(body: PaymentInput, options: { fresh?: boolean } = {}): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    const current = nextAttempt(attempt.current, body, options);
    attempt.current = current;
    setState({ sending: true, error: null });
    try {
      let created: PaymentCreated | null = null;
      for (let tries = 0; created === null; tries++) {
        try {
          created = await giveApi.createPayment(current.body, current.key);
        } catch (error) {
          const inFlight = error instanceof ApiError && error.status === 409 && tries < IN_FLIGHT_RETRIES;
          if (!inFlight) throw error;
          await wait(IN_FLIGHT_WAIT_MS);
        }
      }
      current.answered = true;
      busy.current = false;
      setState({ sending: false, error: null });
      onCreated(created, current.body);
    } catch (error) {
      busy.current = false;
      setState({ sending: false, error });
    }
  }

  return { ...state, send };
}
