import { queryOptions } from '@tanstack/react-query';
import type { Table } from 'dexie';
import { Analysis, AnalysisList } from '#shared/schemas/analyses.ts';
import { Order, OrderList } from '#shared/schemas/orders.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { db, getDatabaseUser, localWrite, openUserDatabase, type AnalysisRecord } from '#app/lib/db.ts';
import type { IsotopeFilterName } from '#app/lib/isotopes.ts';
import { entitiesWithUnsentWrites, pullScope } from '#app/lib/sync/outbox.ts';
import { StalePullError, pullQuery, type PullResult } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const orderKeys = {
  all: ['orders'] as const,
  user: (userId: string) => [...orderKeys.all, userId] as const,
  pull: (userId: string) => [...orderKeys.user(userId), 'pull'] as const,
  analyses: (userId: string, orderId: string) => [...orderKeys.user(userId), orderId, 'analyses'] as const,
};

/** Radiosynoviorthesis analyses name their isotope among these (docs/v1-contract.md §1.14). */
export const ANALYSIS_ISOTOPES: IsotopeFilterName = 'radiosyno';

export const ordersPath = (userId: string) => `/users/${encodeURIComponent(userId)}/orders/`;
export const orderPath = (userId: string, orderId: string) => `${ordersPath(userId)}${encodeURIComponent(orderId)}/`;
export const analysesPath = (userId: string, orderId: string) => `${orderPath(userId, orderId)}analysis/`;
export const analysisPath = (userId: string, orderId: string, analysisId: string) => `${analysesPath(userId, orderId)}${encodeURIComponent(analysisId)}/`;

export function fetchOrders(userId: string, signal?: AbortSignal): Promise<Order[]> {
  return apiRequest(ordersPath(userId), OrderList, { signal }).then((list) => list.row);
}

export function fetchOrder(userId: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest(orderPath(userId, orderId), Order, { signal });
}

export function fetchAnalyses(userId: string, orderId: string, signal?: AbortSignal): Promise<Analysis[]> {
  return apiRequest(analysesPath(userId, orderId), AnalysisList, { signal }).then((list) => list.row);
}

export function fetchAnalysis(userId: string, orderId: string, analysisId: string, signal?: AbortSignal): Promise<Analysis> {
  return apiRequest(analysisPath(userId, orderId, analysisId), Analysis, { signal });
}

/** Renews the order's PIX charge (online only: the charge screen says so offline); the answer replaces the local order. */
export async function renewOrderPix(userId: string, orderId: string): Promise<void> {
  const order = await apiRequest(`${orderPath(userId, orderId)}pix/`, Order, { method: 'POST' });
  await db.orders.put(order);
}

/** The pull of the user's orders into the local database (docs/architecture.md §4), which the screens read. */
export const ordersPullQuery = (userId: string) => pullQuery(orderKeys.pull(userId), userId, 'orders', (signal) => fetchOrders(userId, signal));

/** The `meta` key holding when an order's analyses were last pulled (ms since the epoch). */
export const analysesPullKey = (orderId: string) => `lastPull.analyses.${orderId}`;

/** When the order's analyses were last pulled on this device, or null (never: an empty list says nothing). */
export async function lastAnalysesPull(orderId: string): Promise<number | null> {
  const value = (await db.meta.get(analysesPullKey(orderId)))?.value;
  return typeof value === 'number' ? value : null;
}

/**
 * One order's analyses merged into `db.analyses` (the table holds every order's, so `pullCollection`,
 * which replaces a whole table, does not fit): the server wins unless a write of ours is unsent; the
 * order's rows the server no longer has go, unless they have one (created offline).
 */
export async function pullOrderAnalyses(userId: string, orderId: string, signal?: AbortSignal): Promise<PullResult> {
  const owner = getDatabaseUser();
  if (!owner) throw new StalePullError('analyses');
  const rows = await fetchAnalyses(userId, orderId, signal);
  const table = db.analyses as Table<AnalysisRecord, string>;
  return localWrite(pullScope(table), async () => {
    if ((await db.meta.get('userId'))?.value !== owner || getDatabaseUser() !== owner) throw new StalePullError('analyses');
    const unsent = await entitiesWithUnsentWrites();
    const serverIds = new Set(rows.map((row) => row.id));
    const localIds = (await table.where('orderId').equals(orderId).primaryKeys()) as string[];
    await table.bulkDelete(localIds.filter((id) => !serverIds.has(id) && !unsent.has(id)));
    await table.bulkPut(rows.filter((row) => !unsent.has(row.id)));
    const pulledAt = Date.now();
    await db.meta.put({ key: analysesPullKey(orderId), value: pulledAt });
    return { count: rows.length, pulledAt };
  });
}

export const analysesPullQuery = (userId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.analyses(userId, orderId),
    queryFn: async ({ signal }) => {
      await openUserDatabase(userId);
      return pullOrderAnalyses(userId, orderId, signal);
    },
    staleTime: 0,
  });

