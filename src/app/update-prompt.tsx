import { Trans } from '@lingui/react/macro';
import { applyUpdate, useUpdateReady } from '../lib/pwa';

/** A new service worker is waiting: offer the reload, never force it (there may be unsaved input). */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>
        <Trans>A new version is ready</Trans>
      </span>
      <button type="button" className="btn btn-primary btn-small" onClick={applyUpdate}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
