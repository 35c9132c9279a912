import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { RequestDecision, RequestDetail } from '../../../domain/api/back-office';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { fieldLabels, messages } from '../../../domain/messages';
import type { RequestType } from '../../../domain/statuses';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaWithCounter } from '../../components/ui/text-area-counter';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { useDecideRequest, useWithdrawRequest } from './api';
import { BusyButton } from '../../components/ui/busy-button';

type Decision = 'approve' | 'reject' | 'withdraw';

// The server's own words for a checker without the grant, so the note reads as the 403 would.
const noAccess: Record<RequestType, { id: string; message: string }> = {
  application: messages.boNoAccessApplication,
  'bank-account': messages.boNoAccessBankAccount,
  'bank-user': messages.boNoAccessBankUser,
  'user-edit': messages.boNoAccessUserEdit,
  'sms-topup': messages.boNoAccessSmsTopUp,
};

/** Why this person cannot decide: the same rules the server applies, said before they try. */
function whyNot(detail: RequestDetail, viewerId: number | undefined): { id: string; message: string } | null {
  if (detail.canCheck) return null;
  if (detail.status !== 'requested') return messages.boNotPending;
  if (viewerId !== undefined && detail.makerId === viewerId) return messages.boOwnRequest;
  return noAccess[detail.type];
}

/**
 * Approve or reject with a reason (required to reject, at most 1,000 characters), after a
 * confirmation. The server decides: its 403 (own request, no access) and 409 (already resolved)
 * are shown as they come, already in the reader's language.
 */
export function DecisionPanel({ detail, viewerId }: { detail: RequestDetail; viewerId: number | undefined }) {
  const { t, i18n } = useLingui();
  const decide = useDecideRequest(detail.id);
  const withdraw = useWithdrawRequest(detail.id);
  const isMaker = viewerId !== undefined && detail.makerId === viewerId;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const blocked = whyNot(detail, viewerId);
  const reasonLabel = i18n._(fieldLabels.reason);

  const check = (decision: Decision): boolean => {
    const trimmed = reason.trim();
    if (trimmed.length > MAX_TEXT_CHARS) {
      setReasonError(i18n._(messages.fieldTooLong.id, { field: reasonLabel, max: MAX_TEXT_CHARS }, { message: messages.fieldTooLong.message }));
      return false;
    }
    // RejectInput: a reason, trimmed, of 1 to MAX_TEXT_CHARS characters (the length is checked above).
    if (decision === 'reject' && trimmed === '') {
      setReasonError(i18n._(messages.fieldRequired.id, { field: reasonLabel }, { message: messages.fieldRequired.message }));
      return false;
    }
    setReasonError(null);
    return true;
  };

  const ask = (decision: Decision) => {
    setFailure(null);
    if (decision === 'withdraw' || check(decision)) setConfirming(decision);
  };

  const confirm = async () => {
    const decision = confirming;
    if (!decision) return;
    try {
      const result: RequestDecision = decision === 'withdraw' ? await withdraw.mutateAsync() : await decide.mutateAsync({ decision, reason: reason.trim() });
      setConfirming(null);
      setReason('');
      if (result.status === 'approved') showToast({ tone: 'success', message: t`Request approved` });
      else if (result.status === 'rejected') showToast({ tone: 'success', message: t`Request rejected` });
      else if (result.status === 'not_approved') showToast({ tone: 'success', message: t`Request withdrawn` });
      else if (result.status === 'denied') {
        const why = result.reason ?? '';
        showToast({ tone: 'error', message: t`It could not be carried out and was denied: ${why}` });
      }
    } catch (error) {
      setConfirming(null);
      setFailure(errorText(error, t`You are offline. Connect to the internet and try again.`));
    }
  };

  return (
    <section className="card decision-panel" aria-labelledby="decision-title">
      <h2 id="decision-title" className="card-title">
        <Trans>Decision</Trans>
      </h2>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      {blocked ? (
        <p className="notice notice-warning" role="note">
          {i18n._(blocked)}
        </p>
      ) : null}
      {detail.status === 'requested' ? (
        <form className="form" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className={reasonError ? 'field field-invalid' : 'field'}>
            <label htmlFor="decision-reason">
              <Trans>Reason (required to reject)</Trans>
            </label>
            <TextAreaWithCounter
              id="decision-reason"
              rows={4}
              length={reason.length}
              max={MAX_TEXT_CHARS}
              value={reason}
              disabled={Boolean(blocked)}
              aria-invalid={Boolean(reasonError)}
              onChange={(event) => setReason(event.target.value)}
            />
            {reasonError ? (
              <p className="field-error" role="alert">
                {reasonError}
              </p>
            ) : null}
          </div>
          <div className="dialog-actions">
            {isMaker ? (
              <BusyButton type="button" className="btn btn-secondary" busy={withdraw.isPending} onClick={() => ask('withdraw')}>
                <Trans>Withdraw request</Trans>
              </BusyButton>
            ) : null}
            <BusyButton type="button" className="btn btn-danger" busy={decide.isPending} disabled={Boolean(blocked)} onClick={() => ask('reject')}>
              <Trans>Reject</Trans>
            </BusyButton>
            <BusyButton type="button" className="btn btn-primary" busy={decide.isPending} disabled={Boolean(blocked)} onClick={() => ask('approve')}>
              <Trans>Approve</Trans>
            </BusyButton>
          </div>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={{ approve: t`Approve this request?`, reject: t`Reject this request?`, withdraw: t`Withdraw this request?` }[confirming]}
          confirmLabel={{ approve: t`Yes, approve`, reject: t`Yes, reject`, withdraw: t`Yes, withdraw` }[confirming]}
          cancelLabel={t`Cancel`}
          tone={confirming === 'approve' ? 'primary' : 'danger'}
          busy={decide.isPending || withdraw.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {confirming === 'approve' ? (
              <Trans>Approval is final: the change takes effect at once and cannot be undone.</Trans>
            ) : confirming === 'reject' ? (
              <Trans>Nothing will change. The maker will see your reason.</Trans>
            ) : (
              <Trans>Nothing will change and the request ends as not approved.</Trans>
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
