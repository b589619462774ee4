import type { Table } from 'dexie';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { db, getDatabaseUser, localWrite, openUserDatabase, type CollectionName } from '../db.ts';
import { entitiesWithUnsentWrites, pullScope } from './outbox.ts';

/** The `meta` key holding when a collection was last pulled (ms since the epoch). */
export const lastPullKey = (name: CollectionName) => `lastPull.${name}`;

export interface PullResult {
  /** Rows the server sent. */
  count: number;
  pulledAt: number;
}

/** The database changed hands during the pull (logout, another user): its answer is not stored. */
export class StalePullError extends Error {
  constructor(name: CollectionName) {
    super(`The ${name} pull finished after the local data changed owner; discarded.`);
    this.name = 'StalePullError';
  }
}

/**
 * Fetches the server's list of a collection and merges it into the local table in one transaction
 * (docs/architecture.md §4): the server wins for every row with no unsent local write; rows with one stay as
 * they are locally (including locally deleted ones); rows the server no longer has disappear unless
 * they have one (e.g. created offline). Records `meta['lastPull.<name>']`.
 */
export async function pullCollection<T extends { id: string }>(
  name: CollectionName,
  fetchList: () => Promise<T[]>,
  { now = Date.now }: { now?: () => number } = {},
): Promise<PullResult> {
  const owner = getDatabaseUser();
  if (!owner) throw new StalePullError(name);
  const rows = await fetchList();
  const table = db.table(name) as Table<T, string>;
  return localWrite(pullScope(table), async () => {
    if ((await db.meta.get('userId'))?.value !== owner || getDatabaseUser() !== owner) throw new StalePullError(name);
    const unsent = await entitiesWithUnsentWrites();
    const serverIds = new Set(rows.map((row) => row.id));
    const localIds = (await table.toCollection().primaryKeys()) as string[];
    await table.bulkDelete(localIds.filter((id) => !serverIds.has(id) && !unsent.has(id)));
    await table.bulkPut(rows.filter((row) => !unsent.has(row.id)));
    const pulledAt = now();
    await db.meta.put({ key: lastPullKey(name), value: pulledAt });
    return { count: rows.length, pulledAt };
  });
}

/** When the collection was last pulled, or null. */
export async function lastPull(name: CollectionName): Promise<number | null> {
  const value = (await db.meta.get(lastPullKey(name)))?.value;
  return typeof value === 'number' ? value : null;
}

/**
 * Stores rows the server pushed (a live event) for the current user: the server wins unless the row
 * has an unsent local write. False when the database is not open for `owner`.
 */
export async function applyServerRows<T extends { id: string }>(name: CollectionName, owner: string, rows: T[]): Promise<boolean> {
  const table = db.table(name) as Table<T, string>;
  return localWrite(pullScope(table), async () => {
    if (getDatabaseUser() !== owner || (await db.meta.get('userId'))?.value !== owner) return false;
    const unsent = await entitiesWithUnsentWrites();
    await table.bulkPut(rows.filter((row) => !unsent.has(row.id)));
    return true;
  });
}

/**
 * The query of a collection's pull: the user's database opened, then `pullCollection`. Its data is only the
 * pull's summary (screens read Dexie); `staleTime: 0`, so each screen that mounts it pulls again.
 */
export function pullQuery<T extends { id: string }, K extends QueryKey>(queryKey: K, userId: string, name: CollectionName, fetchList: (signal: AbortSignal) => Promise<T[]>) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      await openUserDatabase(userId);
      return pullCollection(name, () => fetchList(signal));
    },
    staleTime: 0,
  });
}
