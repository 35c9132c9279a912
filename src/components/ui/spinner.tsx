import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useOnline } from '../../lib/use-online';

/** How long a spinner may wait offline before it says why: local reads finish well before this. */
const OFFLINE_EXPLAIN_AFTER_MS = 1500;

/**
 * A wait. Offline, react-query pauses a fetch instead of failing it, so a page that needs the
 * server would spin forever: after a moment the spinner says so, and the page loads by itself when
 * the connection returns.
 */
export function Spinner({ label }: { label: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedLong(true), OFFLINE_EXPLAIN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const explainOffline = !online && waitedLong;
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={explainOffline ? 'spinner-offline' : 'visually-hidden'}>
        {explainOffline ? t`You are offline. This needs the network and will load by itself when the connection returns.` : label}
      </span>
    </div>
  );
}
