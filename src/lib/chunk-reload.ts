/** Spec section 8: a missing chunk (a deploy replaced it) reloads the page, at most once a minute. */
const RELOADED_AT_KEY = 'sadaka.chunkReloadAt';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_ERROR.test(error.name) || CHUNK_ERROR.test(error.message);
}

type ReloadDeps = { storage?: Storage; now?: number; reload?: () => void };

/** Reloads unless one already happened within the window (a reload loop helps nobody). Returns whether it reloaded. */
export function reloadForNewChunks({ storage = sessionStorage, now = Date.now(), reload = () => window.location.reload() }: ReloadDeps = {}): boolean {
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  reload();
  return true;
}

/** Vite fires this when a preload of a lazy chunk fails; stopping the default avoids an uncaught error. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewChunks()) event.preventDefault();
  });
}
