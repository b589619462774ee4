import { useLiveQuery } from 'dexie-react-hooks';
import type { ServiceId } from '#shared/catalog.ts';
import { uuidV7 } from '#shared/ids/uuid-v7.ts';
import type { PaymentMethod } from '#shared/schemas/bills.ts';
import { QUOTE_SERVICE_NAMES, type MyQuoteStatus, type QuoteBody, type QuoteFields } from '#shared/schemas/quotes.ts';
import { db, type OutboxState, type QuoteRecord } from '#app/lib/db.ts';
import { i18n } from '#app/lib/i18n.ts';
import { rowsOf } from '#app/lib/sync/outbox.ts';
import { defineQueuedEntity } from '#app/lib/sync/queued-entity.ts';
import { queuedEntityKinds } from '#app/lib/sync/queued-entity-kinds.ts';

/**
 * Quote requests, local-first (docs/architecture.md §4): a create-only queued entity, kept in `db.quotes` and
 * queued in one Dexie transaction, so asking works offline. It travels as docs/v1-contract.md §1.17 says, at
 * `/users/{uid}/budget/` (204); My quotes' pull (`GET /users/{uid}/quotes/`) brings each back with where it stands.
 * A refused request is corrected by folding the new values into its queued create.
 */

export const quoteEntity = defineQueuedEntity<QuoteRecord, QuoteBody, Record<never, never>>({
  name: 'quote',
  table: () => db.quotes,
  scopeOf: () => ({}),
  createOnly: true,
});

/** The one kind (app/write-kinds.ts). */
export function quoteKinds() {
  // The sync indicator describes queued requests with these texts.
  void i18n.loadNamespaces('quotes');
  return queuedEntityKinds(quoteEntity, {
    create: { path: ({ userId }) => `/users/${encodeURIComponent(userId)}/budget/` },
    describe: (_action, { fields }) => i18n.t('quotes:sync.create', { service: fields?.service ?? '' }),
  });
}

const bodyOf = (serviceId: ServiceId, fields: QuoteFields, paymentMethod: PaymentMethod): QuoteBody => ({ service: QUOTE_SERVICE_NAMES[serviceId], ...fields, paymentMethod });

/** Keeps the request here and queues it, with how the user would pay; returns its id (a UUIDv7 the server keeps). */
export async function requestQuote(userId: string, serviceId: ServiceId, fields: QuoteFields, paymentMethod: PaymentMethod): Promise<string> {
  const id = uuidV7();
  const record = { id, userId, serviceId, fields, paymentMethod, createdAt: new Date().toISOString() };
  await quoteEntity.create(userId, record, bodyOf(serviceId, fields, paymentMethod), null);
  return id;
}

/** The user's correction of a request the server refused: sent again as the same create (the kit's `update` folds it in). */
export async function correctQuote(userId: string, id: string, serviceId: ServiceId, fields: QuoteFields, paymentMethod: PaymentMethod): Promise<void> {
  await quoteEntity.update(userId, id, bodyOf(serviceId, fields, paymentMethod), (record) => ({ ...record, fields, paymentMethod }));
}

/** Still queued; refused by the server (its reason on the row); delivered; or discarded by the user (the request is gone). */
export type QuoteDelivery = 'queued' | 'refused' | 'delivered' | 'discarded';

/** Where a request stands. */
export function useQuoteDelivery(id: string | null): QuoteDelivery | undefined {
  return useLiveQuery(async () => {
    if (!id) return undefined;
    const states = (await rowsOf(id)).map((row) => row.state);
    // No row: long delivered (done rows go after a day), or discarded with its request.
    if (states.length === 0) return (await db.quotes.get(id)) ? 'delivered' : 'discarded';
    if (states.some((state) => state === 'failed' || state === 'conflict')) return 'refused';
    return states.every((state) => state === 'done') ? 'delivered' : 'queued';
  }, [id]);
}

/** Where a request stands in My quotes: not sent yet (queued here), refused by the server, or the server's status. */
export type MyQuoteState = 'unsent' | 'refused' | MyQuoteStatus;
export type MyQuoteItem = QuoteRecord & { state: MyQuoteState };

function stateOf(quote: QuoteRecord, outboxStates: OutboxState[]): MyQuoteState {
  if (outboxStates.some((state) => state === 'failed' || state === 'conflict')) return 'refused';
  if (outboxStates.some((state) => state === 'pending' || state === 'sending')) return 'unsent';
  return quote.status ?? 'waiting';
}

/** The user's requests, newest first, from the local database (offline too), each with where it stands. */
export function useMyQuotes(): MyQuoteItem[] | undefined {
  return useLiveQuery(async () => {
    const quotes = await db.quotes.toArray();
    const items = await Promise.all(quotes.map(async (quote) => ({ ...quote, state: stateOf(quote, (await rowsOf(quote.id)).map((row) => row.state)) })));
    return items.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, []);
}

/** Requests still waiting for staff (sent or not): My services' empty state points to them instead of inviting another. */
export const waitingQuotes = (quotes: readonly MyQuoteItem[]) => quotes.filter((quote) => quote.state === 'unsent' || quote.state === 'waiting');
