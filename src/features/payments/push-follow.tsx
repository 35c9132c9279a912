import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { paymentActions, paymentKeys, paymentQueries } from './api';
import { money, walletName } from './format';
import { StatusBadge } from './status-badge';
import { BusyButton } from '../../components/ui/busy-button';

/** A desk push after it was sent: its state live, "Check status now", "Cancel", then a new push. */
export function PushFollow({ id, onNew }: { id: string; onNew: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery()).data;
  const view = useQuery(paymentQueries.payment(id));
  const [error, setError] = useState<string | null>(null);
  const offline = t`You are offline. Try again when the connection is back.`;
  const update = (next: Awaited<ReturnType<typeof paymentActions.checkNow>>) => {
    queryClient.setQueryData(paymentKeys.payment(id), next);
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  };
  const check = useMutation({ mutationFn: () => paymentActions.checkNow(id), onSuccess: update, onError: (failure) => setError(errorText(failure, offline)) });
  const cancel = useMutation({ mutationFn: () => paymentActions.cancel(id), onSuccess: update, onError: (failure) => setError(errorText(failure, offline)) });
  const data = view.data;
  if (!data) return <Spinner label={t`Loading…`} />;
  const pending = data.status === 'pending' || data.status === 'pending_cancel';
  const amount = money(data.amount, data.currency, i18n.locale);
  const phone = data.payerPhone;
  const wallet = walletName(data.operator) ?? '';
  const church = data.institution.title;
  const receipt = data.receiptNo ?? data.referenceNo;
  return (
    <section className="push-follow card" aria-label={t`Push`} aria-live="polite">
      <p>
        <Trans>
          Push of {amount} to {phone} ({wallet}) for {church}.
        </Trans>
      </p>
      <p>
        <StatusBadge status={data.status} /> <span className="muted">{data.referenceNo}</span>
      </p>
      {data.status === 'pending' ? (
        <p className="muted">
          <Trans>Waiting for the payer to confirm on the phone…</Trans>
        </p>
      ) : null}
      {data.status === 'completed' ? (
        <p className="notice notice-success" role="status">
          <Trans>Paid. Receipt {receipt}.</Trans>
        </p>
      ) : null}
      {data.status === 'failed' || data.status === 'canceled' ? (
        <p className="notice notice-error" role="alert">
          {data.reason ?? t`The payment did not go through.`}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="row-actions">
        {pending ? (
          <BusyButton type="button" className="btn btn-secondary" onClick={() => check.mutate()} busy={check.isPending}>
            <Trans>Check status now</Trans>
          </BusyButton>
        ) : null}
        {data.status === 'pending' && canDo(profile, 'push', 'update') ? (
          <BusyButton type="button" className="btn btn-danger" onClick={() => cancel.mutate()} busy={cancel.isPending}>
            <Trans>Cancel</Trans>
          </BusyButton>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={onNew}>
          <Trans>New push</Trans>
        </button>
      </div>
    </section>
  );
}
