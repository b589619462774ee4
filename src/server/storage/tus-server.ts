import { Server, type Locker } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { Db } from '../db/client.ts';
import { MAGIC_BYTES, contentMatchesType } from '../services/file-magic-bytes.ts';
import { findOwnUpload, inspectStream, recordIdentifyingElements, recordUpload, setUploadStatus } from '../services/uploads.ts';
import { storeFailureOf } from './store-errors.ts';
import { contextOf, contextIfAny } from './tus-request.ts';
import type { UploadStore } from './upload-store.ts';

/** A hook's refusal as tus expects it; the route turns it into our `{"errors": [...]}` body. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ errors: [message] }) });

/**
 * An upload's last byte arrived: its SHA-256 must match the client's, and its first bytes the type it was
 * declared as (a zip begins as a zip); else it fails and its bytes go (422), read once for both checks.
 * DICOM (or a zip of it) that passes has its headers checked for identifying elements (issue 19).
 */
async function finish(db: Db, store: UploadStore, req: Request, upload: Upload) {
  const { t, userId } = contextOf(req);
  const row = await findOwnUpload(db, userId, upload.id);
  const { sha256, head } = await inspectStream(store.open(upload.id), MAGIC_BYTES);
  const problem =
    sha256 !== row?.sha256 ? t('uploads.checksumMismatch') : !contentMatchesType(row.type, head) ? t('uploads.contentMismatch', { name: row.filename }) : null;
  if (!problem) {
    await setUploadStatus(db, upload.id, 'complete', upload.offset);
    // dcmjs and zip.js (~6 MB of heap) load with the first image checked, not at start (issue 35).
    const { identifyingElementsOf } = await import('../services/dicom-identity.ts');
    await recordIdentifyingElements(db, upload.id, await identifyingElementsOf(() => store.object(upload.id), row!.type));
    return {};
  }
  await setUploadStatus(db, upload.id, 'failed', upload.offset);
  await store.remove(upload.id);
  throw refusal(422, problem);
}

/** Where a store's failure is written: what S3 answered (code, status, request id), for the operator. */
export interface StoreLog {
  error(details: object, message: string): void;
}

/**
 * A store's failure (S3 unreachable or refusing, the disk full) is 503 with our body, the route adding
 * Retry-After: the client tries again and resumes from HEAD's offset. Anything else stays tus's 500.
 */
function storeRefusal(log: StoreLog, req: Request, error: unknown) {
  const failure = storeFailureOf(error);
  if (!failure) return undefined;
  log.error({ err: error, store: failure, upload: contextIfAny(req)?.uploadId }, 'upload store failed');
  const t = contextIfAny(req)?.t;
  return refusal(503, t ? t('errors.storeUnavailable') : 'upload store unavailable');
}

/** The tus 1.0 server behind `/api/v1/uploads/`: ids and owners from the route, our table kept in step. */
export function createTusServer(options: { db: Db; store: UploadStore; path: string; maxBytes: number; locker?: Locker; log: StoreLog }) {
  const { db, store, log } = options;
  return new Server({
    // One process (PGlite): tus's memory locker; several on PostgreSQL: the shared one (postgres-locker.ts).
    ...(options.locker && { locker: options.locker }),
    path: options.path,
    datastore: store.datastore,
    maxSize: options.maxBytes,
    relativeLocation: true,
    // Same origin only: no CORS headers at all.
    allowedOrigins: [],
    namingFunction: (req) => contextOf(req).uploadId,
    getFileIdFromRequest: (req) => contextOf(req).uploadId,
    onUploadCreate: async (req, upload) => {
      const { userId, meta, uploadId } = contextOf(req);
      await recordUpload(db, uploadId, userId, meta!);
      // The owner goes last, so a client cannot supply it in Upload-Metadata.
      return { metadata: { ...upload.metadata, owner: userId } };
    },
    onUploadFinish: (req, upload) => finish(db, store, req, upload),
    onResponseError: (req, error) => storeRefusal(log, req, error),
  });
}

export type TusServer = ReturnType<typeof createTusServer>;
