import { Trans, useLingui } from '@lingui/react/macro';
import './desk-batches.css';
import { money as formatMoney } from './money-text';
import type { BatchFigures } from './batch-figures';

/**
 * The whole batch, every device's envelopes (issue 11), above the table of this device's own: when
 * several people count into one batch, the table alone would be one device's share. Shown only once
 * the server has told this device about the batch; before that this device's envelopes are all there is.
 */
export function WholeBatch({ figures, currency, own }: { figures: BatchFigures; currency: string; own: number }) {
  const { i18n } = useLingui();
  if (!figures.fromServer) return null;
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  const { count, unsentCount, lateCount } = figures;
  const total = money(figures.total);
  const late = money(figures.lateTotal);
  return (
    <p className="whole-batch" data-testid="whole-batch">
      <span>
        <Trans>
          Whole batch, every device: <strong>{count}</strong> envelopes, <strong>{total}</strong>
        </Trans>
      </span>
      {count !== own ? (
        <span className="muted">
          <Trans>The table below counts the {own} entered on this device.</Trans>
        </span>
      ) : null}
      {unsentCount > 0 ? (
        <span className="muted">
          <Trans>{unsentCount} of them not sent from this device yet.</Trans>
        </span>
      ) : null}
      {lateCount > 0 ? (
        <span className="muted">
          <Trans>
            {lateCount} of them ({late}) reached the server after the batch was closed.
          </Trans>
        </span>
      ) : null}
    </p>
  );
}

/**
 * What closing means when other devices count too (ADR 019), said before the close: the totals are
 * what has reached the server plus this device's; envelopes still on another device are added when
 * they arrive and shown as late, never lost.
 */
export function CloseExplanation({ figures, currency }: { figures: BatchFigures; currency: string }) {
  const { i18n } = useLingui();
  const { count, unsentCount } = figures;
  const total = formatMoney(figures.total, currency, i18n.locale);
  return (
    <>
      <p>
        <Trans>No more envelopes can be added to a closed batch. Its totals are then ready to match against the bank deposit.</Trans>
      </p>
      <p>
        <Trans>
          Known now: {count} envelopes, {total}, from every device that has synced and this one.
        </Trans>
      </p>
      <p className="muted">
        <Trans>
          If another device still holds envelopes of this batch that it has not sent (for example it is offline), they are not in this total. When they arrive they are
          added to the batch and listed as arriving after closing, so check the batch list before the deposit.
        </Trans>
      </p>
      {unsentCount > 0 ? (
        <p className="muted">
          <Trans>This device sends its own {unsentCount} unsent envelopes first, then the close.</Trans>
        </p>
      ) : null}
    </>
  );
}

/**
 * A batch closed on another device while this one still had it open (ADR 019): say so, and what
 * happens to this device's envelopes that have not reached the server.
 */
export function ClosedElsewhere({ figures, currency }: { figures: BatchFigures; currency: string }) {
  const { i18n } = useLingui();
  const { unsentCount } = figures;
  const unsent = formatMoney(figures.unsentTotal, currency, i18n.locale);
  return (
    <div className="notice notice-warning" role="status" data-testid="closed-elsewhere">
      <p>
        <Trans>This batch was closed on another device. No more envelopes can be added here.</Trans>
      </p>
      {unsentCount > 0 ? (
        <p>
          <Trans>
            {unsentCount} envelopes entered on this device ({unsent}) have not reached the server yet. They are kept: when sent they are added to this batch and shown as
            arriving after closing. Tell whoever matches the deposit.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
