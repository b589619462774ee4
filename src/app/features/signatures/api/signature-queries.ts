import { queryOptions } from '@tanstack/react-query';
import { SignatureList, type Signature } from '#shared/schemas/signatures.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { openUserDatabase } from '#app/lib/db.ts';
import { pullCollection } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const signatureKeys = {
  pull: (userId: string) => ['signatures', userId, 'pull'] as const,
};

export const signaturesPath = (userId: string) => `/users/${encodeURIComponent(userId)}/signatures/`;

export function fetchSignatures(userId: string, signal?: AbortSignal): Promise<Signature[]> {
  return apiRequest(signaturesPath(userId), SignatureList, { signal }).then((list) => list.row);
}

/** The pull of the user's subscriptions into the local database, which My signatures and the calculator read (offline too). */
export const signaturesPullQuery = (userId: string) =>
  queryOptions({
    queryKey: signatureKeys.pull(userId),
    queryFn: async ({ signal }) => {
      await openUserDatabase(userId);
      return pullCollection('signatures', () => fetchSignatures(userId, signal));
    },
    staleTime: 0,
  });
