import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { FlushBlock } from '../../lib/offline/types';

type PendingBadgeProps = {
  /** Unsent records of the signed-in person. */
  count: number;
  /** Of those, rejected or in conflict: waiting for a person. */
  needsAttention: number;
  block: FlushBlock;
  /** The outbox page. */
  to: string;
};

/**
 * The top bar's unsent-records counter (offline.md: always visible while anything is unsent). It
 * says why nothing moves — offline, signed out, waiting to retry, storage full — and opens the outbox.
 */
export function PendingBadge({ count, needsAttention, block, to }: PendingBadgeProps) {
  const { t } = useLingui();
  if (count === 0) return null;
  const reason =
    needsAttention > 0
      ? t`${needsAttention} need attention`
      : block === 'offline'
        ? t`offline`
        : block === 'signed-out'
          ? t`sign in again`
          : block === 'backing-off'
            ? t`retrying soon`
            : block === 'quota'
              ? t`storage full`
              : null;
  const urgent = needsAttention > 0 || block === 'signed-out' || block === 'quota';
  const text = reason ? t`${count} unsent · ${reason}` : t`${count} unsent`;
  return (
    <Link
      to={to}
      className={urgent ? 'badge status-failed pending-badge' : 'badge pending-badge'}
      aria-label={t`Unsent records: ${text}. Open the outbox.`}
      data-testid="pending-badge"
      data-block={block ?? 'none'}
    >
      {text}
    </Link>
  );
}
