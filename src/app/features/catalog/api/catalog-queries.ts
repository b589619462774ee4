import { queryOptions } from '@tanstack/react-query';
import { PlanList } from '#shared/schemas/catalog.ts';
import type { Language } from '#shared/languages.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { PERSISTED } from '#app/lib/query-client.ts';

/** The server localizes catalog texts, so the language is part of every key. */
export const catalogKeys = {
  all: ['catalog'] as const,
  plans: (lng: Language) => [...catalogKeys.all, 'plans', lng] as const,
};

export const plansQuery = (lng: Language) =>
  queryOptions({
    queryKey: catalogKeys.plans(lng),
    ...PERSISTED,
    queryFn: ({ signal }) => apiRequest('/plans/', PlanList, { signal }),
    staleTime: 5 * 60_000,
  });
