import { NetworkError } from './api-client';

export type LocalCopy<T> = {
  read: () => Promise<T | undefined>;
  write: (data: T) => Promise<unknown>;
};

/**
 * Asks the server first and keeps a local copy; when the network is down the local copy answers.
 * Only a NetworkError falls back: a 401 or 500 must reach the caller, not be hidden by stale data.
 */
export async function networkWithLocalCopy<T>(fetcher: () => Promise<T>, copy: LocalCopy<T>): Promise<T> {
  let data: T;
  try {
    data = await fetcher();
  } catch (error) {
    if (error instanceof NetworkError) {
      const cached = await copy.read().catch(() => undefined);
      if (cached !== undefined) return cached;
    }
    throw error;
  }
  // A full disk must not turn a good answer into an error.
  await copy.write(data).catch(() => undefined);
  return data;
}
