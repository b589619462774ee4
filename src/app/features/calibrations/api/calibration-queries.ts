import { Calibration, CalibrationList } from '#shared/schemas/calibrations.ts';
import { apiRequest } from '#app/lib/api-client.ts';
import { type CalibrationRecord } from '#app/lib/db.ts';
import type { IsotopeFilterName } from '#app/lib/isotopes.ts';
import { pullQuery } from '#app/lib/sync/pull.ts';

/** Every key carries the user id, so another sign-in never reads the previous user's state. */
export const calibrationKeys = {
  all: ['calibrations'] as const,
  user: (userId: string) => [...calibrationKeys.all, userId] as const,
  pull: (userId: string) => [...calibrationKeys.user(userId), 'pull'] as const,
};

/** Calibrations use the dosimetry isotopes (docs/v1-contract.md §1.13). */
export const CALIBRATION_ISOTOPES: IsotopeFilterName = 'dosimetry';

export const calibrationsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/calibrations/`;
export const calibrationPath = (userId: string, calibrationId: string) => `${calibrationsPath(userId)}${encodeURIComponent(calibrationId)}/`;

/** The server's calibration as kept here: v1's `createAt` becomes `createdAt` (docs/glossary.md). */
export function calibrationRecordOf({ createAt, ...rest }: Calibration): CalibrationRecord {
  return { ...rest, createdAt: createAt };
}

export function fetchCalibrations(userId: string, signal?: AbortSignal): Promise<CalibrationRecord[]> {
  return apiRequest(calibrationsPath(userId), CalibrationList, { signal }).then((list) => list.row.map(calibrationRecordOf));
}

export function fetchCalibration(userId: string, calibrationId: string, signal?: AbortSignal): Promise<Calibration> {
  return apiRequest(calibrationPath(userId, calibrationId), Calibration, { signal });
}

/**
 * The pull (docs/architecture.md §4): the server's calibrations merged into the local database (server wins
 * unless a write of ours is unsent), which the screens read. Its data is only the pull's summary.
 */
export const calibrationsPullQuery = (userId: string) => pullQuery(calibrationKeys.pull(userId), userId, 'calibrations', (signal) => fetchCalibrations(userId, signal));
