import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsentStatus, PrivacyFacts, type AcceptConsentsBody } from '#shared/schemas/privacy.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { PERSISTED } from '#app/lib/query-client.ts';

/** Issue 30's reads: both persisted, so the privacy page and the consent history stay readable offline. */
export const privacyKeys = {
  all: ['privacy'] as const,
  facts: () => [...privacyKeys.all, 'facts'] as const,
  consents: (userId: string) => [...privacyKeys.all, userId, 'consents'] as const,
};

/** The controller, the encarregado, the versions in force and the processors, from the server's running configuration. */
export const privacyFactsQuery = () =>
  queryOptions({
    queryKey: privacyKeys.facts(),
    ...PERSISTED,
    queryFn: ({ signal }) => apiRequest('/privacy/', PrivacyFacts, { signal }),
  });

const consentsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/consents/`;

export const consentsQuery = (userId: string) =>
  queryOptions({
    queryKey: privacyKeys.consents(userId),
    ...PERSISTED,
    queryFn: ({ signal }) => apiRequest(consentsPath(userId), ConsentStatus, { signal }),
  });

/** Accepting the versions in force: online only (it is what unblocks every other write), answered with the new status. */
export function useAcceptConsents(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptConsentsBody) => apiRequest(consentsPath(userId), ConsentStatus, { method: 'POST', body }),
    onSuccess: (status) => queryClient.setQueryData(privacyKeys.consents(userId), status),
  });
}
