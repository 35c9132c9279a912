import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useFlushState, useOutboxEntries, useOutboxSummary } from '../../lib/offline/hooks';
import { sendNow } from '../../lib/offline/outbox-actions';
import { blockLabels } from './labels';
import { OutboxEntryCard } from './outbox-entry';
import { BusyButton } from '../../components/ui/busy-button';

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: '16px 0 0', display: 'grid', gap: 12 } as const;

/** /outbox: every record still on this device, its state and reason, and what can be done (offline.md). */
export function OutboxPage() {
  const { i18n, t } = useLingui();
  const items = useOutboxEntries();
  const summary = useOutboxSummary();
  const flush = useFlushState();
  const [sending, setSending] = useState(false);
  const { others } = summary;
  const lastSent = flush.lastFlushAt
    ? new Date(flush.lastFlushAt).toLocaleString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  const send = async () => {
    setSending(true);
    try {
      await sendNow();
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="page" aria-labelledby="page-heading">
      <h2 id="page-heading" className="page-heading">
        {t`Unsent records`}
      </h2>
      <div className="card" data-testid="outbox-status">
        {flush.block ? <p className="notice notice-warning">{i18n._(blockLabels[flush.block])}</p> : null}
        <p>{lastSent ? t`Last reached the server: ${lastSent}` : t`Not yet in touch with the server from this device.`}</p>
        {others > 0 ? (
          <p className="muted">
            <Plural
              value={others}
              one="# record on this device was recorded by someone else. It is sent when that person signs in again."
              other="# records on this device were recorded by someone else. They are sent when that person signs in again."
            />
          </p>
        ) : null}
        <div className="dialog-actions">
          <BusyButton type="button" className="btn btn-primary" onClick={() => void send()} busy={sending} disabled={summary.mine === 0 || !flush.online}>
            {sending ? t`Sending…` : t`Send now`}
          </BusyButton>
        </div>
      </div>
      {items === undefined ? (
        <Spinner label={t`Loading…`} />
      ) : items.length === 0 ? (
        <div className="card">
          <EmptyState title={t`Everything is sent`}>
            <Trans>Every receipt, member and batch recorded on this device has reached the server.</Trans>
          </EmptyState>
        </div>
      ) : (
        // Inline layout: the list is this page's alone, and styles.css belongs to the shell.
        <ul className="outbox-list" aria-label={t`Unsent records`} style={LIST_STYLE}>
          {items.map((item) => (
            <OutboxEntryCard key={item.entry.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
