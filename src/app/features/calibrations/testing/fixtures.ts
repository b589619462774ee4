/** Test fixtures (used only by this feature's *.test.ts(x)). */
import type { Calibration } from '#shared/schemas/calibrations.ts';
import type { CalibrationRecord } from '#app/lib/db.ts';
import { TEST_USER } from '#app/lib/testing/local-first.ts';
import type { CalibrationValues } from '../calibration-values.ts';

export const VALUES: CalibrationValues = {
  isotope: 'Lu-177',
  calibrationName: 'Lu-177 março',
  syringeActivity: 185.5,
  residualSyringeActivity: 0.3,
  measurementDatetime: '2026-03-10T11:02:00-03:00',
  phantomVolume: 200,
  acquisitionTime: 1800,
};

export const CALIBRATIONS_PATH = `/users/${TEST_USER}/calibrations/`;
export const calibrationItemPath = (id: string) => `${CALIBRATIONS_PATH}${id}/`;

/** A calibration as the server sends it. */
export const serverCalibration = (id: string, changes: Partial<Calibration> = {}): Calibration => ({
  id,
  userId: TEST_USER,
  ...VALUES,
  measurementDatetime: '2026-03-10T14:02:00.000Z',
  createAt: '2026-03-10T14:10:00.000Z',
  modifiedAt: '2026-03-10T14:10:00.000Z',
  imagesUrl: `/api/v1/files/${id.slice(0, -2)}f1/`,
  version: 1,
  ...changes,
});

export const phantomFile = (text = 'phantom-bytes', name = 'phantom.zip') => new File([text], name, { type: 'application/zip' });

/** The same calibration as kept in the local database (`createAt` read as `createdAt`). */
export const localCalibration = (id: string, changes: Partial<Calibration> = {}): CalibrationRecord => {
  const { createAt, ...rest } = serverCalibration(id, changes);
  return { ...rest, createdAt: createAt };
};
