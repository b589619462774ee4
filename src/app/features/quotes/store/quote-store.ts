import { useLiveQuery } from 'dexie-react-hooks';
import type { ServiceId } from '#shared/catalog.ts';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import { QUOTE_SERVICE_NAMES, type QuoteFields } from '#shared/schemas/quotes.ts';
import { db, type QuoteRecord } from '#app/lib/db.ts';
import { rowsOf } from '#app/lib/sync/outbox.ts';
import { defineQueuedEntity } from '#app/lib/sync/queued-entity.ts';

/**
 * Quote requests, local-first (docs/architecture.md §4): a queued entity whose create is kept in
 * `db.quotes` and queued in one Dexie transaction, so asking works offline; quote-senders.ts says how it
 * travels. Create-only: a refused request is corrected by folding the new values into its queued create.
 */

/** What travels: v1's `service` name and that service's fields. */
export type QuoteBody = QuoteFields & { service: string };

export const quoteEntity = defineQueuedEntity<QuoteRecord, QuoteBody, Record<never, never>>({
  name: 'quote',
  table: () => db.quotes,
  scopeOf: () => ({}),
});

const bodyOf = (serviceId: ServiceId, fields: QuoteFields): QuoteBody => ({ service: QUOTE_SERVICE_NAMES[serviceId], ...fields });

/** Keeps the request here and queues it; returns its id (a UUIDv7 the server keeps). */
export async function requestQuote(userId: string, serviceId: ServiceId, fields: QuoteFields): Promise<string> {
  const id = uuidV7();
  await quoteEntity.create(userId, { id, userId, serviceId, fields, createdAt: new Date().toISOString() }, bodyOf(serviceId, fields), null);
  return id;
}

/** The user's correction of a request the server refused: sent again as the same create (the kit's `update` folds it in). */
export async function correctQuote(userId: string, id: string, serviceId: ServiceId, fields: QuoteFields): Promise<void> {
  await quoteEntity.update(userId, id, bodyOf(serviceId, fields), (record) => ({ ...record, fields }));
}

export type QuoteDelivery = 'queued' | 'refused' | 'delivered';

/** Where a request stands: still queued, refused by the server (its reason on the row), or delivered. */
export function useQuoteDelivery(id: string | null): QuoteDelivery | undefined {
  return useLiveQuery(async () => {
    if (!id) return undefined;
    const states = (await rowsOf(id)).map((row) => row.state);
    if (states.some((state) => state === 'failed' || state === 'conflict')) return 'refused';
    return states.length > 0 && states.every((state) => state === 'done') ? 'delivered' : 'queued';
  }, [id]);
}
