import { z } from 'zod';
import { i18n } from '#app/lib/i18n.ts';
import { registerQueuedEntitySenders } from '#app/lib/sync/queued-entity-senders.ts';
import type { QuoteRecord } from '#app/lib/db.ts';
import { quoteEntity } from './quote-store.ts';

/**
 * How `quote.create` travels (docs/v1-contract.md §1.17 with docs/api.md): the kit's way, at
 * `/users/{uid}/budget/`. The server answers 204 (nothing to apply here) and keeps no readable copy.
 */

const budgetPath = (userId: string) => `/users/${encodeURIComponent(userId)}/budget/`;

/** Registers the kinds (signed-in-runtime.tsx, before the drainer starts). Returns the unregister function. */
export function registerQuoteSenders() {
  // The sync indicator describes queued requests with these texts.
  void i18n.loadNamespaces('quotes');
  return registerQueuedEntitySenders(quoteEntity, {
    collectionPath: ({ userId }) => budgetPath(userId),
    // Only creates are queued (corrections fold into them), so no item path or server copy is ever asked for.
    itemPath: ({ userId }, id) => `${budgetPath(userId)}${id}/`,
    wire: z.never(),
    toRecord: (never: never): QuoteRecord => never,
    serverFields: [],
    fetchOne: () => Promise.resolve({}),
    describe: (_action, { fields }) => i18n.t('quotes:sync.create', { service: fields?.service ?? '' }),
    afterDiscard: () => undefined,
  });
}
