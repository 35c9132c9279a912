import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { cashReceiptKeys } from './api';
import { BatchEntryTab } from './batch-entry-tab';
import { BatchCacheKeeper } from './batch-cache-keeper';
import { BatchesTab } from './batches-tab';
import { refreshOfflineCache, useBatches, usePendingCount } from './desk-data';
import { SignedOutNotice } from './signed-out-notice';
import { HistoryTab } from './history-tab';
import { useDeskProfile } from './institution';

const TABS = ['batches', 'entry', 'history'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return TABS.includes(value as Tab);
}

/** When entries leave the outbox the server's lists are stale: refetch them. */
function useRefetchOnSync(pending: number | undefined) {
  const client = useQueryClient();
  const previous = useRef(pending);
  useEffect(() => {
    if (previous.current !== undefined && pending !== undefined && pending < previous.current) {
      void client.invalidateQueries({ queryKey: cashReceiptKeys.all });
    }
    previous.current = pending;
  }, [pending, client]);
}

/**
 * How many records wait to sync. On its own: the count changes with every save, and only this line
 * needs to re-render for it, not the page around it (performance.md: a save confirms in ≤ 50 ms).
 */
function PendingNote() {
  const pending = usePendingCount();
  useRefetchOnSync(pending);
  return pending ? (
    <p className="pending-note" role="status">
      <Trans>{pending} records waiting to sync</Trans>
    </p>
  ) : null;
}

/** /cash-receipt: batches, the counting team's entry screen, and the history. Works offline. */
export function CashReceiptPage() {
  const { t } = useLingui();
  const { institution, recorder } = useDeskProfile();
  const [params, setParams] = useSearchParams();
  const batches = useBatches(institution?.id ?? 0);
  // Open batches first, newest service first: the one being counted is at the top of the list.
  const ordered = useMemo(
    () => [...(batches ?? [])].sort((a, b) => Number(a.closedAt !== null) - Number(b.closedAt !== null) || b.createdAt.localeCompare(a.createdAt)),
    [batches],
  );

  useEffect(() => {
    // Fresh members, offering types and the congregation's batches when the network allows; offline the cache answers.
    if (institution) refreshOfflineCache(institution.id).catch(() => undefined);
  }, [institution]);

  if (!institution || !recorder) {
    return <EmptyState title={t`Cash receipts are recorded by a church or mosque user.`} />;
  }
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'batches';
  const batchId = params.get('batch');
  const go = (next: Tab, batch: string | null = batchId) => {
    const search = new URLSearchParams({ tab: next });
    if (batch) search.set('batch', batch);
    setParams(search);
  };
  const labels: Record<Tab, string> = { batches: t`Batches`, entry: t`Batch entry`, history: t`History` };

  return (
    <section className="page cash-receipts">
      <div className="section-head">
        <div className="tabs" role="tablist" aria-label={t`Cash receipts`}>
          {TABS.map((name) => (
            <button key={name} type="button" role="tab" id={`tab-${name}`} aria-selected={tab === name} aria-controls="cash-receipt-panel" onClick={() => go(name)}>
              {labels[name]}
            </button>
          ))}
        </div>
        <PendingNote />
      </div>
      <SignedOutNotice />
      <BatchCacheKeeper institutionId={institution.id} />
      <div role="tabpanel" id="cash-receipt-panel" aria-labelledby={`tab-${tab}`}>
        {batches === undefined ? <Spinner label={t`Loading…`} /> : null}
        {batches !== undefined && tab === 'batches' ? <BatchesTab institution={institution} batches={ordered} onEnter={(id) => go('entry', id)} /> : null}
        {batches !== undefined && tab === 'entry' ? (
          <BatchEntryTab
            institution={institution}
            recorder={recorder}
            batches={ordered}
            batchId={batchId ?? ordered.find((batch) => batch.closedAt === null)?.id ?? null}
            onChooseBatch={(id) => go('entry', id)}
            onOpenBatches={() => go('batches')}
          />
        ) : null}
        {batches !== undefined && tab === 'history' ? <HistoryTab institution={institution} recorder={recorder} batches={ordered} /> : null}
      </div>
    </section>
  );
}
