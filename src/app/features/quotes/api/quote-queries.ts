import { MyQuoteList } from '#shared/schemas/quotes.ts';
import type { QuoteFields } from '#shared/schemas/quotes.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import type { QuoteRecord } from '#app/lib/db.ts';
import { pullQuery } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const quoteKeys = {
  pull: (userId: string) => ['quotes', userId, 'pull'] as const,
};

export const myQuotesPath = (userId: string) => `/users/${encodeURIComponent(userId)}/quotes/`;

export async function fetchMyQuotes(userId: string, signal?: AbortSignal): Promise<QuoteRecord[]> {
  const list = await apiRequest(myQuotesPath(userId), MyQuoteList, { signal });
  return list.row.map((quote) => ({ ...quote, userId, fields: quote.fields as QuoteFields }));
}

/** The pull of the user's requests into the local database: My quotes reads it (offline too), beside those still queued. */
export const quotesPullQuery = (userId: string) => pullQuery(quoteKeys.pull(userId), userId, 'quotes', (signal) => fetchMyQuotes(userId, signal));
