import { queryOptions } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { IsotopeList } from '#shared/schemas/catalog.ts';
import { apiRequest } from './api-client.ts';
import { db, localWrite, openUserDatabase } from './db.ts';

/**
 * The isotope lists the forms offer (`/isotopes/?q=<filter>`, docs/v1-contract.md §1.13–§1.14), kept in `db.isotopes`
 * (one row per filter and name) so the lists work offline: calibrations and dosimetry analyses use the
 * dosimetry isotopes, radiosynoviorthesis analyses their own.
 */

export type IsotopeFilterName = 'dosimetry' | 'radiosyno';

export const isotopeKeys = { list: (filter: IsotopeFilterName) => ['isotopes', filter] as const };

/** Fetches a filter's list into the local database; only that filter's rows are replaced. */
export async function refreshIsotopes(filter: IsotopeFilterName, signal?: AbortSignal): Promise<string[]> {
  const { row: names } = await apiRequest(`/isotopes/?q=${filter}`, IsotopeList, { signal });
  await localWrite([db.isotopes], async () => {
    await db.isotopes.where('filter').equals(filter).delete();
    await db.isotopes.bulkPut(names.map((name) => ({ id: `${filter}:${name}` as const, filter, name })));
  });
  return names;
}

/** The refresh of the local list (the local database is the signed-in user's, so it opens for them first). */
export const isotopesQuery = (userId: string, filter: IsotopeFilterName) =>
  queryOptions({
    queryKey: isotopeKeys.list(filter),
    queryFn: async ({ signal }) => {
      await openUserDatabase(userId);
      return refreshIsotopes(filter, signal);
    },
    // The list changes rarely; the local copy is what the form shows.
    staleTime: 60 * 60_000,
  });

/** A filter's names kept here, in alphabetical order. */
export function useIsotopeNames(filter: IsotopeFilterName): string[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.isotopes.where('filter').equals(filter).toArray();
    return rows.map((row) => row.name).toSorted((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }, [filter]);
}
