import type { Locale } from '../../../domain/locale';
import { localizedPath, paths } from '../../../domain/paths';
import { PendingBadge } from '../../components/ui/pending-badge';
import { useFlushState, useOutboxSummary } from '../../lib/offline/hooks';
import { useOutboxRuntime } from '../../lib/offline/outbox-runtime';

/**
 * The outbox in the top bar: starts the flush triggers (start, online, visibility, timer) and shows
 * the unsent counter. Loaded just after the shell's first paint, in its own chunk, so the flusher,
 * its transport and the live queries stay out of the shell's initial JS (performance.md).
 */
export function PendingIndicator({ locale }: { locale: Locale }) {
  useOutboxRuntime();
  const outbox = useOutboxSummary();
  const { block } = useFlushState();
  return <PendingBadge count={outbox.mine} needsAttention={outbox.needsAttention} block={block} to={localizedPath(paths.outbox, locale)} />;
}
