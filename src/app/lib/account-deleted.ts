import type { QueryClient } from '@tanstack/react-query';
import { onAccountDeleted } from './api-client.ts';
import { endLocalSession } from './logout.ts';

/** The public screen a browser lands on once its account is gone (routes/account-deleted.tsx). */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

let wiping: Promise<void> | null = null;

/**
 * Issue 30: what logout clears (the outbox and its drainer, the local database, the query cache and its persisted
 * copy, cached reports, the session cookies), once however many answers say so at the same time.
 */
export function wipeDeletedAccount(queryClient: QueryClient): Promise<void> {
  wiping ??= endLocalSession(queryClient).finally(() => {
    wiping = null;
  });
  return wiping;
}

/** This browser, at its next contact with the server after the account was deleted elsewhere, wipes and says why. */
export function wipeWhenAccountDeleted(queryClient: QueryClient) {
  onAccountDeleted(() => {
    if (wiping) return;
    void wipeDeletedAccount(queryClient).then(() => window.location.assign(ACCOUNT_DELETED_PATH));
  });
}
