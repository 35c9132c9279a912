import { useLingui } from '@lingui/react/macro';
import type { TransactionStatus } from '../../../domain/statuses';
import { STATUS_LABELS } from './labels';

/** A payment's state in words and colour (the words carry the meaning; the colour only helps). */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  const { i18n } = useLingui();
  return <span className={`status-badge status-${status}`}>{i18n._(STATUS_LABELS[status])}</span>;
}
