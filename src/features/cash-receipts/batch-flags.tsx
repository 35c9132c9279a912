import { Trans, useLingui } from '@lingui/react/macro';
import './desk-batches.css';
import { money as formatMoney } from './money-text';
import type { BatchListRow } from './batch-rows';

/**
 * What a batch's state alone does not say (issue 11): an open batch nobody closed for days, this
 * device's envelopes not yet sent, envelopes that reached the server after the close.
 */
export function BatchFlags({ row }: { row: BatchListRow }) {
  const { i18n } = useLingui();
  const { stale, unsentCount, lateCount, lateTotal } = row.figures;
  const late = formatMoney(lateTotal, row.currency, i18n.locale);
  return (
    <>
      {stale && !row.closed ? (
        <span className="status status-warning batch-flag">
          <Trans>Open for days: close it</Trans>
        </span>
      ) : null}
      {unsentCount > 0 ? (
        <span className="batch-flag muted">
          <Trans>{unsentCount} not sent from this device</Trans>
        </span>
      ) : null}
      {row.closed && lateCount > 0 ? (
        <span className="batch-flag muted">
          <Trans>
            {lateCount} arrived after closing ({late})
          </Trans>
        </span>
      ) : null}
    </>
  );
}
