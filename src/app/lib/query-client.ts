import { QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

/** docs/product.md §9: unused cached data is kept 60 s. */
export const CACHE_RETENTION_MS = 60_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: CACHE_RETENTION_MS, staleTime: 30_000, retry: 1 },
      // Offline, a form's call fails at once with the translated network message instead of
      // spinning until the network returns (local-first writes go through the outbox, not here).
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * localStorage key of the persisted query cache (query-sync-storage-persister's `key`), removed on
 * logout. Only non-Dexie reads (profile, catalog) may be persisted there.
 */
export const QUERY_CACHE_STORAGE_KEY = 'dosehub-query-cache';

/** How long a persisted read stays usable offline. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Options for a read that must stay readable offline (profile, catalog): it is persisted to
 * localStorage, so it must outlive the 60 s in-memory retention for as long as the persister keeps it.
 * A restored copy is shown at once and fetched again (staleTime 0) unless the query says otherwise.
 */
export const PERSISTED = { gcTime: PERSIST_MAX_AGE_MS, staleTime: 0, meta: { persist: true } } as const;

/**
 * A read that failed after it had data (offline: the fetch of a restored copy) keeps that data: persisting only
 * successes dropped it from storage, and the next offline start had none (the quote form's empty profile, issue 29).
 */
export const shouldPersist = (query: Pick<Query, 'meta' | 'state'>) => query.meta?.persist === true && query.state.data !== undefined;

/**
 * localStorage for the persister, except that a cache with no query is not written but removed: the persister
 * writes up to a second late (throttled), so after logout or an account's wipe removed the key, the cleared cache
 * came back as an empty entry.
 */
const cacheStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => {
    if ((JSON.parse(value) as { clientState?: { queries?: unknown[] } }).clientState?.queries?.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  },
  removeItem: (key: string) => window.localStorage.removeItem(key),
};

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage: cacheStorage, key: QUERY_CACHE_STORAGE_KEY, throttleTime: 1000 }),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new build may change response shapes: it starts from an empty persisted cache.
    buster: __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersist },
  };
}
