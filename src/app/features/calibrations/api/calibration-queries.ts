import { queryOptions } from '@tanstack/react-query';
import { IsotopeList } from '#shared/schemas/catalog.ts';
import { Calibration, CalibrationList } from '#shared/schemas/calibrations.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { db, localWrite, openUserDatabase } from '#app/lib/db.ts';
import { pullCollection } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const calibrationKeys = {
  all: ['calibrations'] as const,
  user: (userId: string) => [...calibrationKeys.all, userId] as const,
  pull: (userId: string) => [...calibrationKeys.user(userId), 'pull'] as const,
  isotopes: (filter: IsotopeFilterName) => ['isotopes', filter] as const,
};

export type IsotopeFilterName = 'dosimetry' | 'radiosyno';
/** Calibrations use the dosimetry isotopes (v1 §1.13). */
export const CALIBRATION_ISOTOPES: IsotopeFilterName = 'dosimetry';

export const calibrationsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/calibrations/`;
export const calibrationPath = (userId: string, calibrationId: string) => `${calibrationsPath(userId)}${encodeURIComponent(calibrationId)}/`;

export function fetchCalibrations(userId: string, signal?: AbortSignal): Promise<Calibration[]> {
  return apiRequest(calibrationsPath(userId), CalibrationList, { signal }).then((list) => list.row);
}

export function fetchCalibration(userId: string, calibrationId: string, signal?: AbortSignal): Promise<Calibration> {
  return apiRequest(calibrationPath(userId, calibrationId), Calibration, { signal });
}

/**
 * The pull (DESIGN.md §4): the server's calibrations merged into the local database (server wins
 * unless a write of ours is unsent), which the screens read. Its data is only the pull's summary.
 */
export const calibrationsPullQuery = (userId: string) =>
  queryOptions({
    queryKey: calibrationKeys.pull(userId),
    queryFn: async ({ signal }) => {
      await openUserDatabase(userId);
      return pullCollection('calibrations', () => fetchCalibrations(userId, signal));
    },
    staleTime: 0,
  });

/**
 * `/isotopes/?q=<filter>` into `db.isotopes` (one row per filter and name), so the form's list works
 * offline. Only this filter's rows are replaced (a pull of the whole table would drop the others).
 */
export async function refreshIsotopes(filter: IsotopeFilterName, signal?: AbortSignal): Promise<string[]> {
  const { row: names } = await apiRequest(`/isotopes/?q=${filter}`, IsotopeList, { signal });
  await localWrite([db.isotopes], async () => {
    await db.isotopes.where('filter').equals(filter).delete();
    await db.isotopes.bulkPut(names.map((name) => ({ id: `${filter}:${name}` as const, filter, name })));
  });
  return names;
}

/** The refresh of the local isotope list (the local database is the signed-in user's, so it opens for them first). */
export const isotopesQuery = (userId: string, filter: IsotopeFilterName) =>
  queryOptions({
    queryKey: calibrationKeys.isotopes(filter),
    queryFn: async ({ signal }) => {
      await openUserDatabase(userId);
      return refreshIsotopes(filter, signal);
    },
    // The list changes rarely; the local copy is what the form shows.
    staleTime: 60 * 60_000,
  });
