import { useCallback, useEffect, useRef, useState } from 'react';
import { type DownloadProgress, downloadFile, isCancelled } from './export-download';

/**
 * One export download at a time, with its progress and a cancel — the state every export button
 * shares. `start` resolves with the reply's headers, or null when the reader cancelled (aborting
 * the fetch makes the server stop reading rows); other failures reject for the caller to report.
 * Leaving the page cancels a download still running.
 */
export function useExportDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (path: string, fallbackName: string): Promise<Headers | null> => {
    const current = new AbortController();
    controller.current = current;
    setCancelled(false);
    setProgress({ bytes: 0, rows: null, total: null });
    try {
      return await downloadFile(path, fallbackName, { onProgress: setProgress, signal: current.signal });
    } catch (error) {
      if (isCancelled(error)) {
        setCancelled(true);
        return null;
      }
      throw error;
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, busy: progress !== null, cancelled, start, cancel };
}
