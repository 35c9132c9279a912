import type { OnlineMethod, PaymentInput } from '../../domain/api/payments';

const STORAGE_KEY = 'sadaka.give.pending';

/**
 * The payment this tab is following, kept in sessionStorage (this tab only, gone when it closes) so
 * a reload, or the way back from the hosted card page, resumes following the same payment instead
 * of offering to pay again. The body is kept for a deliberate retry after the payment ended.
 */
export type PendingPayment = { id: string; method: OnlineMethod; body: PaymentInput | null };

export function savePending(pending: PendingPayment): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Private modes may refuse storage: following still works until the tab reloads.
  }
}

export function loadPending(): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingPayment>;
    if (typeof value.id !== 'string' || (value.method !== 'mobile' && value.method !== 'card' && value.method !== 'bank')) return null;
    return { id: value.id, method: value.method, body: value.body ?? null };
  } catch {
    return null;
  }
}

export function clearPending(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** `?payment=<id>`: where the hosted card page sends the giver back. */
export function paymentIdFromUrl(search: string): string | null {
  const id = new URLSearchParams(search).get('payment');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
