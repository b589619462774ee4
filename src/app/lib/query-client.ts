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

/**
 * localStorage key of the persisted query cache (query-sync-storage-persister's `key`), removed on
 * logout. Only non-Dexie reads (profile, catalog) may be persisted there.
 */
export const QUERY_CACHE_STORAGE_KEY = 'dosehub-query-cache';
