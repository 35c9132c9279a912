import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { LocalReceipt } from '../../lib/offline/types';
import { receiptAmount } from './batch-totals';
import { money } from './money-text';

// The last envelope saved on this screen. Kept outside the batch screen's state so announcing it
// re-renders this notice alone, not the form, totals and envelope list around it.
let last: LocalReceipt | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the confirmation now, in this task: the treasurer sees it before anything else re-renders. */
export function announceSaved(receipt: LocalReceipt | null): void {
  flushSync(() => {
    last = receipt;
    for (const listener of listeners) listener();
  });
}

export function SavedNotice({ batchId, onPrint }: { batchId: string; onPrint: (receipt: LocalReceipt) => void }) {
  const { i18n } = useLingui();
  const receipt = useSyncExternalStore(subscribe, () => last);
  if (!receipt || receipt.batchId !== batchId) return null;
  const number = receipt.receiptNo;
  const amount = money(receiptAmount(receipt), receipt.payload.currency, i18n.locale);
  return (
    <div className="notice notice-success saved-notice" role="status" data-receipt-no={number}>
      <span>
        <Trans>
          Saved on this device: receipt {number}, {amount}
        </Trans>
      </span>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => onPrint(receipt)}>
        <Trans>Print receipt</Trans>
      </button>
    </div>
  );
}
