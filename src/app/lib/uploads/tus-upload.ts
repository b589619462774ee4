import { Upload, type DetailedError, type FileReader as TusFileReader, type HttpStack } from 'tus-js-client';
import { API_BASE, refreshSession } from '../api-client.ts';
import type { OutboxRow, StoredFile } from '../db.ts';
import { currentLanguage } from '../i18n.ts';
import { isStillQueued } from '../sync/outbox.ts';
import type { Answered, Deferred } from '../sync/decisions.ts';
import { defer, type SendContext } from '../sync/write-kinds.ts';
import { apiProblemsOf } from '#shared/schemas/api-errors.ts';
import { sha256OfBlob } from './sha256.ts';
import {
  clearUploadProgress,
  currentUploadProgress,
  forgetUploadRecords,
  isRefusedUpload,
  readUploadRecord,
  registerRunningUpload,
  saveUploadRecord,
  setUploadProgress,
  subscribeUploadProgress,
  type UploadProgress,
} from './upload-store.ts';
import { uploadIdOf } from './upload-termination.ts';

/**
 * A queued file's resumable upload (tus 1.0 at `/api/v1/uploads/`, docs/api.md) as the first step of an
 * outbox sender: `uploadOutboxFile` gives the finished upload's id (sent as `imagesUploadId`), or an
 * outcome the sender returns to the drainer as it is:
 *
 * - no answer (network down, stalled, the drainer stopped) → throws, so the drainer retries later
 *   (the next attempt resumes from the server's offset, also after a reload or a closed tab);
 * - 401 → one session refresh and a resumed upload, else the 401 (the drainer ends the session);
 * - another refusal (413 too large, 415 type, 422 checksum, 400) → that status with the server's
 *   `{"errors"}`, so the write fails with its message (edit and retry, or discard);
 * - paused by the user, or the write cancelled meanwhile → deferred ('paused'), no request at all:
 *   the write waits (resume makes it due again).
 */

/** tus chunks: big enough for throughput, small enough that a dropped connection loses little. */
export const UPLOAD_CHUNK_SIZE = 5 * 1024 * 1024;
/** No byte confirmed for this long while uploading: the connection is dead, give it back to the drainer. */
export const UPLOAD_STALL_MS = 60_000;
/**
 * tus-js-client's own quick retries (a blip) before the write goes back to the drainer, which waits for
 * the network without growing any backoff and resumes the moment it returns: kept short, so a run never
 * sleeps through a reconnect.
 */
const RETRY_DELAYS = [0, 500, 1_500];
/** A paused upload's write looks again after this long (resume makes it due at once). */
const PAUSED_RECHECK_MS = 3600_000;

interface UploadSettings {
  /** The transport tus-js-client uses (default: XMLHttpRequest, same origin, so the session cookies go along). */
  httpStack?: HttpStack;
  chunkSize: number;
  stallMs: number;
  retryDelays: number[];
  /** How tus reads the file (default: the browser build's Blob reader). */
  fileReader?: TusFileReader;
}
const DEFAULTS: UploadSettings = { chunkSize: UPLOAD_CHUNK_SIZE, stallMs: UPLOAD_STALL_MS, retryDelays: RETRY_DELAYS };
let settings: UploadSettings = DEFAULTS;

/** Tests: a fake transport, small chunks, a short stall. Call with nothing to restore the defaults. */
export function configureUploadsForTests(changes: Partial<UploadSettings> = {}) {
  settings = { ...DEFAULTS, ...changes };
}

/** The file is on the server (its upload id), or the write's outcome already: refused, or deferred. */
export type UploadStepResult = { type: 'uploaded'; uploadId: string } | Extract<Answered, { type: 'refused' }> | Deferred;

const uploadsEndpoint = () => new URL(`${API_BASE}/uploads/`, globalThis.location?.href ?? 'http://localhost/').href;

function refusal(status: number, body: unknown): Extract<Answered, { type: 'refused' }> {
  return { type: 'refused', status, retryAfter: null, problems: apiProblemsOf(body) };
}

function parsedBody(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { errors: [text.trim()] };
  }
}

const paused = () => defer('paused', PAUSED_RECHECK_MS);

type RunResult = { type: 'done'; url: string } | { type: 'paused' } | { type: 'refused'; status: number; body: unknown };

class UploadNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadNetworkError';
  }
}

/** One tus run: resolves when the file is on the server, paused, or refused; rejects when there was no answer. */
function runTus(
  file: StoredFile,
  sha256: string,
  uploadUrl: string | null,
  entityId: string,
  signal: AbortSignal,
  /** false: an upload sent now, not for a queued write: nothing to resume later, so nothing is kept. */
  remember = true,
): Promise<RunResult> {
  return new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    let lastProgressAt = Date.now();
    // This run's record writes, in order; the run settles after them, so the next one reads what they say.
    let recorded: Promise<unknown> = Promise.resolve();
    const record = (changes: Parameters<typeof saveUploadRecord>[1]) => {
      if (!remember) return;
      recorded = recorded.then(() => saveUploadRecord(file.id, changes)).catch(() => undefined);
    };
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      signal.removeEventListener('abort', onAbort);
      unregister();
      void recorded.then(action);
    };
    const upload = new Upload(file.blob, {
      endpoint: uploadsEndpoint(),
      uploadUrl,
      uploadSize: file.size,
      chunkSize: settings.chunkSize,
      retryDelays: settings.retryDelays,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', sha256 },
      headers: { 'Accept-Language': currentLanguage() },
      // The URL is kept in IndexedDB by us (upload-store.ts), keyed by the stored file.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      ...(settings.httpStack && { httpStack: settings.httpStack }),
      ...(settings.fileReader && { fileReader: settings.fileReader }),
      onUploadUrlAvailable: () => {
        if (upload.url) record({ uploadUrl: upload.url, ...(upload.url !== uploadUrl && { bytesConfirmed: 0 }) });
      },
      onChunkComplete: (_chunk, accepted) => record({ bytesConfirmed: accepted }),
      onProgress: (sent, total) => {
        lastProgressAt = Date.now();
        setUploadProgress({ fileId: file.id, entityId, name: file.name, phase: 'uploading', bytesDone: sent, bytesTotal: total });
      },
      // A blip (no answer, 5xx, 409 offset, 423 locked) is retried by tus itself while the browser is online; 4xx are ours to read.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        const online = typeof navigator === 'undefined' || navigator.onLine !== false;
        return online && (status === 0 || status >= 500 || status === 409 || status === 423);
      },
      onSuccess: () => finish(() => resolve({ type: 'done', url: upload.url! })),
      onError: (error: Error | DetailedError) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        if (response && response.getStatus() > 0) {
          finish(() => resolve({ type: 'refused', status: response.getStatus(), body: parsedBody(response.getBody()) }));
        } else finish(() => reject(new UploadNetworkError(error.message)));
      },
    });
    const onAbort = () => {
      void upload.abort(false);
      finish(() => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError')));
    };
    const unregister = registerRunningUpload(file.id, {
      url: () => upload.url,
      stop: () => {
        void upload.abort(false).catch(() => undefined);
        finish(() => resolve({ type: 'paused' }));
      },
    });
    const watchdog = setInterval(() => {
      if (Date.now() - lastProgressAt > settings.stallMs) {
        void upload.abort(false);
        finish(() => reject(new UploadNetworkError('upload stalled')));
      }
    }, Math.min(5_000, settings.stallMs));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}

/** The file's SHA-256 (sent in the upload's metadata), its progress in the live store. */
function hashWithProgress(file: StoredFile, entityId: string, signal: AbortSignal): Promise<string> {
  const progress = (bytesDone: number) => setUploadProgress({ fileId: file.id, entityId, name: file.name, phase: 'hashing', bytesDone, bytesTotal: file.size });
  progress(0);
  return sha256OfBlob(file.blob, { signal, onProgress: progress });
}

/**
 * Uploads a queued write's file (resuming a previous run), then gives its upload id. See the module
 * comment for what comes back when it cannot.
 */
export async function uploadOutboxFile(row: OutboxRow, file: StoredFile, { signal }: { signal: AbortSignal }): Promise<UploadStepResult> {
  let record = await readUploadRecord(file.id);
  if (record?.uploadId) return { type: 'uploaded', uploadId: record.uploadId };
  if (record?.paused) return paused();
  try {
    let sha256 = record?.sha256 ?? null;
    if (!sha256) {
      sha256 = await hashWithProgress(file, row.entityId, signal);
      record = await saveUploadRecord(file.id, { sha256 });
    }
    // Paused or cancelled while hashing: no request at all.
    if ((await readUploadRecord(file.id))?.paused || !(await isStillQueued(row))) return paused();
    const confirmed = record?.uploadUrl ? (record.bytesConfirmed ?? 0) : 0;
    setUploadProgress({ fileId: file.id, entityId: row.entityId, name: file.name, phase: 'uploading', bytesDone: confirmed, bytesTotal: file.size });
    for (let refreshed = false; ; refreshed = true) {
      const result = await runTus(file, sha256, record?.uploadUrl ?? null, row.entityId, signal);
      if (result.type === 'done') {
        const uploadId = uploadIdOf(result.url);
        await saveUploadRecord(file.id, { uploadUrl: result.url, uploadId });
        return { type: 'uploaded', uploadId };
      }
      if (result.type === 'paused') return paused();
      if (result.status === 401 && !refreshed && (await refreshSession())) {
        record = await readUploadRecord(file.id);
        continue;
      }
      // Refused: the next try starts a new upload (a failed checksum also hashes again).
      if (result.status !== 401) await saveUploadRecord(file.id, { uploadUrl: null, bytesConfirmed: 0, ...(result.status === 422 && { sha256: null }) });
      return refusal(result.status, result.body);
    }
  } finally {
    clearUploadProgress(file.id);
  }
}

/**
 * A write with a file: uploads it (see `uploadOutboxFile`), then `send`s the write naming the upload.
 * When the server refuses an upload finished in an earlier try (400 on `images_upload_id`: unused for
 * a day, so swept), the stored file goes up once more and the write is sent once more, with the same
 * Idempotency-Key (refusals are not stored, docs/api.md). A fresh upload refused is the write's failure.
 */
export async function sendWithUpload<A>(
  row: OutboxRow,
  file: StoredFile | undefined,
  context: SendContext,
  send: (uploadId: string | undefined) => Promise<Answered<A>>,
): Promise<Answered<A> | Deferred> {
  if (!file) return send(undefined);
  const earlier = Boolean((await readUploadRecord(file.id))?.uploadId);
  const step = await uploadOutboxFile(row, file, context);
  if (step.type !== 'uploaded') return step;
  const answer = await send(step.uploadId);
  if (!earlier || !isRefusedUpload(answer)) return answer;
  await forgetUploadRecords([file.id]);
  const again = await uploadOutboxFile(row, file, context);
  return again.type === 'uploaded' ? send(again.uploadId) : again;
}

export type UploadNowResult = { uploadId: string } | { refused: { status: number; body: unknown } };

/** What a caller of `uploadNow` is told as the file goes: hashing, then uploading, and how far. */
export type UploadNowProgress = Pick<UploadProgress, 'phase' | 'bytesDone' | 'bytesTotal' | 'speed'>;

/**
 * A file sent now, outside the outbox (a staff member's report: staff writes are never queued): hashed and
 * uploaded in this tab, its progress told to `onProgress`, once more after a session refresh on 401; nothing
 * is kept for a later run. No answer at all rejects (the caller says so).
 */
export async function uploadNow(blob: File, onProgress: (progress: UploadNowProgress | null) => void, signal: AbortSignal): Promise<UploadNowResult> {
  const file: StoredFile = { id: `now-${crypto.randomUUID()}`, blob, name: blob.name, type: blob.type, size: blob.size, storedAt: Date.now() };
  const unsubscribe = subscribeUploadProgress(() => {
    const live = currentUploadProgress().get(file.id);
    onProgress(live ? { phase: live.phase, bytesDone: live.bytesDone, bytesTotal: live.bytesTotal, speed: live.speed } : null);
  });
  try {
    const sha256 = await hashWithProgress(file, file.id, signal);
    setUploadProgress({ fileId: file.id, entityId: file.id, name: file.name, phase: 'uploading', bytesDone: 0, bytesTotal: file.size });
    for (let refreshed = false; ; refreshed = true) {
      const result = await runTus(file, sha256, null, file.id, signal, false);
      if (result.type === 'done') return { uploadId: uploadIdOf(result.url) };
      if (result.type === 'paused') throw new DOMException('Aborted', 'AbortError');
      if (result.status === 401 && !refreshed && (await refreshSession())) continue;
      return { refused: { status: result.status, body: result.body } };
    }
  } finally {
    clearUploadProgress(file.id);
    unsubscribe();
  }
}
