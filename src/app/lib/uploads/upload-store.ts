import { useSyncExternalStore } from 'react';
import { db, localWrite, uploadRecordKey } from '../db.ts';
import type { Answered } from '../sync/decisions.ts';
import { drainNow } from '../sync/drainer.ts';
import { unsentRows, wake } from '../sync/outbox.ts';
import { discardLocalChange } from '../sync/resolve.ts';
import { queueUploadTermination, terminateQueuedUploads } from './upload-termination.ts';

/**
 * What survives a reload about each queued file's resumable upload (docs/architecture.md §4 "files go up first"):
 * a record in `db.meta` under `upload.<fileId>` with the tus upload URL (resume from the server's
 * offset), the finished upload's id (skip straight to the entity's request), the file's SHA-256 (hashed
 * once), whether the user paused it and the bytes the server last confirmed (the progress bar offline or
 * after a reload shows them, not 0). Keyed by the stored file, not the outbox row: edit-and-retry
 * gives the row a new id but keeps its file, and its upload.
 *
 * Beside it, an in-memory store of the uploads running in this tab (bytes, speed, time left), read by
 * the progress bar, and the pause / resume / cancel actions.
 */

export interface UploadRecord {
  fileId: string;
  /** The tus upload's URL once created (absolute). */
  uploadUrl: string | null;
  /** Set when the last byte was accepted (and the checksum matched): the id sent as `imagesUploadId`. */
  uploadId: string | null;
  sha256: string | null;
  paused: boolean;
  /** Bytes the server confirmed of `uploadUrl` (each finished chunk): the progress bar while nothing is running. */
  bytesConfirmed?: number;
}

export async function readUploadRecord(fileId: string): Promise<UploadRecord | null> {
  const value = (await db.meta.get(uploadRecordKey(fileId)))?.value;
  return value && typeof value === 'object' ? (value as UploadRecord) : null;
}

export async function saveUploadRecord(fileId: string, changes: Partial<Omit<UploadRecord, 'fileId'>>): Promise<UploadRecord> {
  return localWrite([db.meta], async () => {
    const current = (await readUploadRecord(fileId)) ?? { fileId, uploadUrl: null, uploadId: null, sha256: null, paused: false, bytesConfirmed: 0 };
    const next = { ...current, ...changes };
    await db.meta.put({ key: uploadRecordKey(fileId), value: next });
    return next;
  });
}

export async function forgetUploadRecords(fileIds: readonly string[]) {
  if (fileIds.length === 0) return;
  await localWrite([db.meta], () => db.meta.bulkDelete(fileIds.map(uploadRecordKey)));
}

/**
 * The server refused the finished upload a write names (400 on `images_upload_id`: expired after a day,
 * or already used).
 */
export const isRefusedUpload = (answer: Answered) => answer.type === 'refused' && answer.status === 400 && answer.problems.some((problem) => problem.field === 'imagesUploadId');

/** Forgets a refused upload, so the next try uploads the stored file again. */
export async function forgetRefusedUpload(answer: Answered, fileIds: readonly string[]) {
  if (isRefusedUpload(answer)) await forgetUploadRecords(fileIds);
}

// ---- Live progress (this tab) ------------------------------------------------------------------------

export type UploadPhase = 'hashing' | 'uploading';

export interface UploadProgress {
  fileId: string;
  entityId: string;
  name: string;
  phase: UploadPhase;
  /** Bytes hashed (hashing) or confirmed sent (uploading). */
  bytesDone: number;
  bytesTotal: number;
  /** Bytes per second (smoothed); null until measured. */
  speed: number | null;
}

let progress: ReadonlyMap<string, UploadProgress> = new Map();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Samples for the speed: the last (time, bytes) and the smoothed rate. */
const samples = new Map<string, { at: number; bytes: number }>();
const SPEED_SAMPLE_MS = 500;

export function setUploadProgress(entry: Omit<UploadProgress, 'speed'>, now = Date.now()) {
  const previous = progress.get(entry.fileId);
  let speed = previous?.phase === entry.phase ? previous.speed : null;
  const sample = samples.get(entry.fileId);
  if (!sample || previous?.phase !== entry.phase || entry.bytesDone < sample.bytes) samples.set(entry.fileId, { at: now, bytes: entry.bytesDone });
  else if (now - sample.at >= SPEED_SAMPLE_MS) {
    const rate = ((entry.bytesDone - sample.bytes) * 1000) / (now - sample.at);
    speed = speed === null ? rate : 0.7 * speed + 0.3 * rate;
    samples.set(entry.fileId, { at: now, bytes: entry.bytesDone });
  }
  const next = new Map(progress);
  next.set(entry.fileId, { ...entry, speed });
  progress = next;
  emit();
}

export function clearUploadProgress(fileId: string) {
  if (!progress.has(fileId)) return;
  samples.delete(fileId);
  const next = new Map(progress);
  next.delete(fileId);
  progress = next;
  emit();
}

/** The uploads running in this tab, by file id, and their changes. */
export const currentUploadProgress = () => progress;
export function subscribeUploadProgress(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** React: the uploads running in this tab, by file id. */
export function useUploadProgress(): ReadonlyMap<string, UploadProgress> {
  return useSyncExternalStore(subscribeUploadProgress, currentUploadProgress, currentUploadProgress);
}

// ---- Pause, resume, cancel ---------------------------------------------------------------------------

/** The upload of a file running in this tab: its URL once created, and how to stop it (bytes sent stay on the server). */
export interface RunningUpload {
  url: () => string | null;
  stop: () => void;
}

const running = new Map<string, RunningUpload>();

export function registerRunningUpload(fileId: string, upload: RunningUpload) {
  running.set(fileId, upload);
  return () => {
    if (running.get(fileId) === upload) running.delete(fileId);
  };
}

/** The unsent outbox rows that upload this file. */
const rowsWithFile = async (fileId: string) => (await unsentRows()).filter((row) => row.fileIds.includes(fileId));

/** Pauses a file's upload: it stops now (bytes already sent stay on the server) and is not started again until resumed. */
export async function pauseUpload(fileId: string) {
  await saveUploadRecord(fileId, { paused: true });
  running.get(fileId)?.stop();
}

/** Resumes a paused upload from the server's offset, now. */
export async function resumeUpload(fileId: string) {
  await saveUploadRecord(fileId, { paused: false });
  const rows = (await rowsWithFile(fileId)).filter((row) => row.state === 'pending');
  await wake(rows, Date.now(), { waitReason: null, lastError: null });
  void drainNow();
}

/**
 * Cancels a file's upload and drops the write that carries it (as "discard": the entity goes back to
 * what it was; a create disappears), here at once, also offline. The server's copy (running in this
 * tab, paused, waiting offline or started before a reload) is queued for termination, sent without
 * waiting for it.
 */
export async function cancelUpload(fileId: string) {
  const live = running.get(fileId);
  const url = live?.url() ?? (await readUploadRecord(fileId))?.uploadUrl ?? null;
  live?.stop();
  if (url) await queueUploadTermination(url);
  const rows = await rowsWithFile(fileId);
  for (const row of rows) await discardLocalChange(row.id);
  clearUploadProgress(fileId);
  await forgetUploadRecords([fileId]);
  if (url) void terminateQueuedUploads().catch(() => undefined);
}
