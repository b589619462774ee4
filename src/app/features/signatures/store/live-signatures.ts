import type { QueryClient } from '@tanstack/react-query';
import { registerLiveEventHandler } from '#app/lib/live/live-handlers.ts';
import { signaturesPullQuery } from '../api/signature-queries.ts';

/**
 * The live stream's `signature` events (the trial ended, its bill was issued, a payment was confirmed, another
 * device subscribed): the subscriptions are pulled into the local database at once, so My signatures and the
 * calculator's gate follow whether or not their screens are open. Returns the unregister function.
 */
export function registerSignatureLiveEvents(queryClient: QueryClient) {
  return registerLiveEventHandler('signature', (userId) => queryClient.fetchQuery(signaturesPullQuery(userId)).then(() => undefined));
}
