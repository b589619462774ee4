import type { IntakePurpose } from '../study-checks.ts';
import type { StudySummary } from '../study-summary.ts';

/** Messages between the page (intake-client.ts) and the intake worker. */
export type ToWorker = { type: 'scan'; files: File[]; purpose: IntakePurpose } | { type: 'deidentify'; patientId: string };

export interface Progress {
  type: 'progress';
  phase: 'scan' | 'deidentify';
  done: number;
  total: number;
}

export interface Deidentified {
  type: 'deidentified';
  zip: Blob;
  files: number;
  /** Seconds the de-identification took (the bench reads it). */
  seconds: number;
  inputBytes: number;
}

export type FromWorker = Progress | { type: 'scanned'; summary: StudySummary } | Deidentified | { type: 'failed'; message: string };
