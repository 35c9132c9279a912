import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadForNewChunks } from '../../src/lib/chunk-reload';

describe('chunk reload throttle', () => {
  it('recognises failed dynamic imports and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once a minute, remembering the time in sessionStorage', () => {
    const reload = vi.fn();
    const start = 1_700_000_000_000;
    expect(reloadForNewChunks({ storage: sessionStorage, now: start, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewChunks({ storage: sessionStorage, now: start + CHUNK_RELOAD_WINDOW_MS - 1, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewChunks({ storage: sessionStorage, now: start + CHUNK_RELOAD_WINDOW_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
