import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { offlineErrorMessage } from '../../lib/offline/error-messages';
import type { OutboxItem } from '../../lib/offline/hooks';
import { discardEntry, resolveWithExistingMember, retryEntry } from '../../lib/offline/outbox-actions';
import { showToast } from '../../lib/toast';
import { entrySummary } from './entry-summary';
import { FixMemberForm, FixReceiptForm } from './fix-forms';
import { kindLabels, stateLabel } from './labels';
import { BusyButton } from '../../components/ui/busy-button';

type Panel = null | 'fix' | 'phone' | 'discard' | 'use-existing';

/** One unsent record: what it is, where it stands and why, and what a person can do about it. */
export function OutboxEntryCard({ item }: { item: OutboxItem }) {
  const { i18n, t } = useLingui();
  const { entry } = item;
  const [panel, setPanel] = useState<Panel>(null);
  const [busy, setBusy] = useState(false);
  const answered = entry.state !== 'pending';
  const memberConflict = entry.kind === 'member' && entry.state === 'conflict' && entry.conflictMemberId !== null;
  // A body the server holds differently under this id cannot be fixed by changing it again.
  const recordedAt = new Date(entry.createdAt).toLocaleString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const { attempts } = entry;
  const { dependents } = item;
  const fixable = answered && entry.kind !== 'batch' && entry.lastCode !== 'content_differs' && !memberConflict;

  const act = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await action();
      setPanel(null);
      if (done) showToast({ tone: 'success', message: done });
    } catch (error) {
      const known = offlineErrorMessage(error);
      showToast({ tone: 'error', title: t`Error`, message: known ? i18n._(known) : t`Something went wrong!` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="card" data-testid="outbox-entry" data-state={entry.state} data-kind={entry.kind}>
      <h3 className="card-title">
        {i18n._(kindLabels[entry.kind])}
        {entry.kind === 'batch' && entry.batchCreated ? <> · {t`closing`}</> : null}
      </h3>
      <p>{entrySummary(item, i18n.locale).join(' · ')}</p>
      <p className="muted">
        {t`Recorded ${recordedAt}`}
      </p>
      <p>
        <span className={answered ? 'status status-failed' : 'status'} data-testid="outbox-state">
          {i18n._(stateLabel(item))}
        </span>{' '}
        {attempts > 1 && !answered ? <span className="muted">{t`Tried ${attempts} times`}</span> : null}
      </p>
      {entry.lastError && answered ? (
        <p className="notice notice-error" data-testid="outbox-reason">
          {entry.lastError}
        </p>
      ) : null}
      {dependents > 0 ? (
        <p className="muted">
          <Plural value={dependents} one="# receipt waits for this." other="# receipts wait for this." />
        </p>
      ) : null}

      {panel === 'fix' && entry.kind === 'receipt' ? <FixReceiptForm entry={entry} onDone={() => setPanel(null)} onCancel={() => setPanel(null)} /> : null}
      {panel === 'fix' && entry.kind === 'member' ? <FixMemberForm entry={entry} phoneOnly={false} onDone={() => setPanel(null)} onCancel={() => setPanel(null)} /> : null}
      {panel === 'phone' ? <FixMemberForm entry={entry} phoneOnly onDone={() => setPanel(null)} onCancel={() => setPanel(null)} /> : null}

      {panel === null ? (
        <div className="dialog-actions">
          {memberConflict ? (
            <>
              <BusyButton type="button" className="btn btn-primary" onClick={() => setPanel('use-existing')} busy={busy}>
                {t`Use the existing member`}
              </BusyButton>
              {entry.lastCode !== 'content_differs' ? (
                <BusyButton type="button" className="btn btn-secondary" onClick={() => setPanel('phone')} busy={busy}>
                  {t`Correct the number`}
                </BusyButton>
              ) : null}
            </>
          ) : null}
          {fixable ? (
            <BusyButton type="button" className="btn btn-secondary" onClick={() => setPanel('fix')} busy={busy}>
              {t`Fix and send`}
            </BusyButton>
          ) : null}
          {answered && !memberConflict ? (
            <BusyButton type="button" className="btn btn-secondary" onClick={() => void act(() => retryEntry(entry.id))} busy={busy}>
              {t`Send again`}
            </BusyButton>
          ) : null}
          <BusyButton type="button" className="btn btn-danger" onClick={() => setPanel('discard')} busy={busy}>
            {t`Discard`}
          </BusyButton>
        </div>
      ) : null}

      {panel === 'discard' ? (
        <ConfirmDialog
          title={t`Discard this record?`}
          confirmLabel={t`Discard`}
          cancelLabel={t`Keep it`}
          tone="danger"
          busy={busy}
          onConfirm={() => void act(() => discardEntry(entry.id), t`The record was discarded.`)}
          onCancel={() => setPanel(null)}
        >
          <p>
            <Trans>It is removed from this device and will not be sent. This cannot be undone.</Trans>
          </p>
          {entry.attempts > 0 && !answered ? (
            <p className="notice notice-warning">
              <Trans>It was already sent once without an answer, so the server may have it anyway; check the history before recording it again.</Trans>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}

      {panel === 'use-existing' ? (
        <ConfirmDialog
          title={t`Use the existing member?`}
          confirmLabel={t`Use the existing member`}
          cancelLabel={t`Cancel`}
          busy={busy}
          onConfirm={() => void act(() => resolveWithExistingMember(entry.id), t`The receipts now name the existing member.`)}
          onCancel={() => setPanel(null)}
        >
          <p>
            <Trans>
              This registration is dropped, and the receipts recorded for it are given to the member the server already has with this phone
              number.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
