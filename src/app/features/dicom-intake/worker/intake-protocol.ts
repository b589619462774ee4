import type { IntakePurpose } from '../study-checks.ts';
import type { LeftOutFile, StudySummary } from '../study-summary.ts';

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
  /** Files that scanned but could not be de-identified: left out of the zip, never sent raw. */
  skipped: LeftOutFile[];
  /** Seconds the de-identification took (the bench reads it). */
  seconds: number;
  inputBytes: number;
}

export type FromWorker = Progress | { type: 'scanned'; summary: StudySummary } | Deidentified | { type: 'failed'; message: string };
