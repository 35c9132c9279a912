import type { Writable } from 'node:stream';

/**
 * Waits until `out` wants more (its 'drain'), or until it is gone (the download was cancelled or
 * aborted): the format writers check this between rows so a slow reader holds the database reads
 * back instead of letting the file pile up in the server's memory.
 */
export async function roomIn(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  return !out.destroyed;
}
