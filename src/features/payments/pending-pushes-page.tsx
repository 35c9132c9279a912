import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TransactionRow } from '../../../domain/api/payments';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { errorText } from '../../lib/error-message';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useCursorStack } from '../../lib/cursor-stack';
import { paymentActions, paymentKeys, paymentQueries } from './api';
import { STATUS_LABELS } from './labels';
import { PagedSection } from './paged-section';
import { TransactionDetailDialog } from './transaction-detail';
import { TransactionTable } from './transaction-table';
import './payments.css';
import { BusyButton } from '../../components/ui/busy-button';

/** Pushes still waiting for the payer: ask the provider now, or cancel one. */
export function PendingPushesPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery()).data;
  const pages = useCursorStack();
  const [canceling, setCanceling] = useState<TransactionRow | null>(null);
  const [params, setParams] = useSearchParams();
  const list = useQuery(paymentQueries.pending(pages.cursor));
  const offline = t`You are offline. Pending pushes appear when the connection is back.`;

  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  const check = useMutation({
    mutationFn: (id: string) => paymentActions.checkNow(id),
    onSuccess: (view) => {
      const status = i18n._(STATUS_LABELS[view.status]);
      const reason = view.reason ?? '';
      showToast({ tone: view.status === 'failed' ? 'error' : 'info', message: reason ? t`Status: ${status}. ${reason}` : t`Status: ${status}` });
      void refresh();
    },
    onError: (error) => showToast({ tone: 'error', message: errorText(error, offline) }),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => paymentActions.cancel(id),
    onSuccess: () => {
      setCanceling(null);
      showToast({ tone: 'success', message: t`The push is being cancelled` });
      void refresh();
    },
    onError: (error) => {
      setCanceling(null);
      showToast({ tone: 'error', message: errorText(error, offline) });
    },
  });
  const mayCancel = canDo(profile, 'push', 'update');
  const openId = params.get('id');

  return (
    <div className="page pending-pushes">
      <PagedSection
        label={t`Pending pushes`}
        list={list}
        offlineText={offline}
        empty={<EmptyState title={t`No push is waiting for an answer.`} />}
        pages={pages}
      >
        {(rows) => (
          <TransactionTable
            rows={rows}
            onOpen={(id) => setParams({ id })}
            actions={(row) => {
              const reference = row.referenceNo;
              return (
                <div className="row-actions">
                  <BusyButton
                    type="button"
                    className="btn btn-secondary btn-small"
                    busy={check.isPending}
                    onClick={() => check.mutate(row.id)}
                    aria-label={t`Check status now: ${reference}`}
                  >
                    <Trans>Check status now</Trans>
                  </BusyButton>
                  {mayCancel && row.status === 'pending' ? (
                    <button type="button" className="btn btn-danger btn-small" onClick={() => setCanceling(row)} aria-label={t`Cancel ${reference}`}>
                      <Trans>Cancel</Trans>
                    </button>
                  ) : null}
                </div>
              );
            }}
          />
        )}
      </PagedSection>
      {canceling ? (
        <ConfirmDialog
          title={t`Cancel this push?`}
          confirmLabel={t`Cancel the push`}
          cancelLabel={t`Keep it`}
          tone="danger"
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate(canceling.id)}
          onCancel={() => setCanceling(null)}
        >
          <p>
            <Trans>The payer will no longer be able to approve it on the phone.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
      {openId ? <TransactionDetailDialog id={openId} onClose={() => setParams({})} /> : null}
    </div>
  );
}
