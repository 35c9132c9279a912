import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import { paths } from '../../../domain/paths';

type StaleBatches = DashboardSummary['staleBatches'];

/**
 * Counting batches left open (issue 11): open for longer than the server's STALE_BATCH_DAYS, so
 * probably forgotten after the count. Named with their church and service date; whoever counts in
 * that church can open the batch list from here and close them from any device.
 */
export function StaleBatchesNotice({ stale, canOpenDesk }: { stale: StaleBatches | undefined; canOpenDesk: boolean }) {
  const { t } = useLingui();
  if (!stale || stale.count === 0) return null;
  const { count, days } = stale;
  return (
    <section className="notice notice-warning" aria-label={t`Batches left open`} data-testid="stale-batches">
      <p>
        <strong>
          {t`${plural(count, { one: '# counting batch has', other: '# counting batches have' })} been open for more than ${plural(days, { one: '# day', other: '# days' })}.`}
        </strong>{' '}
        <Trans>Close each one once its envelopes are counted, so its totals can be matched with the bank deposit.</Trans>
      </p>
      <ul>
        {stale.oldest.map((batch) => {
          const { name, institution, serviceDate } = batch;
          return (
            <li key={batch.id}>
              <Trans>
                {name} ({institution}), service of {serviceDate}
              </Trans>
            </li>
          );
        })}
      </ul>
      {canOpenDesk ? (
        <p>
          <Link to={`${paths.cashReceipt}?tab=batches`}>
            <Trans>Open the batches</Trans>
          </Link>
        </p>
      ) : null}
    </section>
  );
}
