import { QueryClient } from '@tanstack/react-query';

/** SPEC.md §9: unused cached data is kept 60 s. */
export const CACHE_RETENTION_MS = 60_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: CACHE_RETENTION_MS, staleTime: 30_000, retry: 1 },
    },
  });
}
