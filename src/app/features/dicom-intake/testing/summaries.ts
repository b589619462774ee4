import { emptySummary, type SeriesSummary, type StudySummary } from '../study-summary.ts';

/** Test fixtures: a complete NM series for dosimetry, and a one-patient study of it. */
export const seriesSummary = (overrides: Partial<SeriesSummary> = {}): SeriesSummary => ({
  modality: 'NM',
  description: '',
  images: 120,
  studyDate: '2026-03-10 10:15:00',
  acquisitionFrom: '2026-03-10 10:30:00',
  acquisitionTo: '2026-03-10 10:30:00',
  radiopharmaceutical: 'Lu-177 PSMA',
  injectedActivityMBq: 7400,
  activityDiffers: false,
  injectionDateTime: '2026-03-10 08:00:00',
  patientWeightKg: 71.5,
  ...overrides,
});

export const studySummary = (overrides: Partial<StudySummary> = {}): StudySummary => ({
  ...emptySummary(),
  dicomFiles: 120,
  series: [seriesSummary()],
  patients: [{ name: 'Silva^Maria', id: 'MRN-1' }],
  studies: 1,
  ...overrides,
});
