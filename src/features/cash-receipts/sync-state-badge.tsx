import { useLingui } from '@lingui/react/macro';
import type { SyncState } from '../../lib/offline/types';
import { syncStateLabels } from './labels';

/** Where an entry stands; rejected and conflicting entries carry the server's reason. */
export function SyncStateBadge({ state, reason }: { state: SyncState; reason?: string | null }) {
  const { i18n } = useLingui();
  return (
    <span className={`status sync-${state}`} title={reason ?? undefined} data-sync-state={state}>
      {i18n._(syncStateLabels[state])}
    </span>
  );
}
