import { queryOptions } from '@tanstack/react-query';
import { CheckoutPreview, Signature, SignatureList } from '#shared/schemas/signatures.ts';
import { db } from '#app/lib/db.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { PERSISTED } from '#app/lib/query-client.ts';
import { pullQuery } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const signatureKeys = {
  pull: (userId: string) => ['signatures', userId, 'pull'] as const,
};

export const signaturesPath = (userId: string) => `/users/${encodeURIComponent(userId)}/signatures/`;

export function fetchSignatures(userId: string, signal?: AbortSignal): Promise<Signature[]> {
  return apiRequest(signaturesPath(userId), SignatureList, { signal }).then((list) => list.row);
}

/** The pull of the user's subscriptions into the local database, which My signatures and the calculator read (offline too). */
export const signaturesPullQuery = (userId: string) => pullQuery(signatureKeys.pull(userId), userId, 'signatures', (signal) => fetchSignatures(userId, signal));

/** Before a checkout: the trial's end and the boleto then, in BRL at today's rate (kept for offline use, as the plans are). */
export const checkoutPreviewQuery = (userId: string, planId: string) =>
  queryOptions({
    queryKey: ['signatures', userId, 'checkout-preview', planId] as const,
    ...PERSISTED,
    queryFn: ({ signal }) => apiRequest(`${signaturesPath(userId)}checkout-preview/?plan=${encodeURIComponent(planId)}`, CheckoutPreview, { signal }),
  });

/** Pays the subscription by PIX: its live charge, or a new one (online only); the answer replaces the local record. */
export async function chargeSignaturePix(userId: string, id: string): Promise<void> {
  const signature = await apiRequest(`${signaturesPath(userId)}${encodeURIComponent(id)}/pix/`, Signature, { method: 'POST' });
  await db.signatures.put(signature);
}
