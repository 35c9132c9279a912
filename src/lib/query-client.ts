import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    // A mutation that shows its own 401 (sign-in, wrong password) opts out of the global session rule.
    mutationMeta: { handlesAuthErrors?: boolean };
  }
}

export type GlobalErrorHandler = (error: unknown) => void;

export function createQueryClient(onError: GlobalErrorHandler = () => undefined): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.handlesAuthErrors && error instanceof ApiError && error.status === 401) return;
        onError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Run the query function even offline: it falls back to Dexie instead of pausing forever.
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
