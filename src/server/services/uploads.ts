import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dataExports, files, uploads } from '../db/schema.ts';
import { AppError, appError, fieldErrors } from '../errors.ts';
import { UPLOAD_KEY_PREFIX } from '../storage/file-store.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Unconsumed uploads are kept one day (docs/api.md), then swept. */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;

/** Zip archives, DICOM and images (png, jpeg, tiff), by media type or, for a generic type, by extension. */
const ACCEPTED_TYPES: Record<string, string> = {
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'application/dicom': 'dcm',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
};
const TYPE_OF_EXTENSION: Record<string, string> = {
  zip: 'application/zip',
  dcm: 'application/dicom',
  dicom: 'application/dicom',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};
const GENERIC_TYPES = new Set(['', 'application/octet-stream']);
/** Staff also upload reports (issue 17): a PDF, by media type or extension. */
const REPORT_TYPE = 'application/pdf';
const SHA256_HEX = /^[0-9a-f]{64}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UploadMeta {
  filename: string;
  /** The accepted media type (from `filetype`, or the extension's when `filetype` was generic). */
  type: string;
  size: number;
  sha256: string;
}

/** tus Upload-Metadata: comma-separated `key base64(value)` pairs (a key alone has an empty value). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) metadata[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

/** The accepted media type of a file declared as `filetype` (its extension's when generic), or null; a PDF only when `reports`. */
export function acceptedType(filename: string, filetype: string, reports = false): string | null {
  const type = filetype.trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (reports && (type === REPORT_TYPE || (GENERIC_TYPES.has(type) && extension === 'pdf'))) return REPORT_TYPE;
  if (ACCEPTED_TYPES[type]) return type;
  if (!GENERIC_TYPES.has(type)) return null;
  return TYPE_OF_EXTENSION[extension] ?? null;
}

/**
 * Checks a creation request before any byte travels: its length (413 over the limit), its type from the
 * metadata (415), and the SHA-256 the client computed (400 when missing).
 */
export function checkNewUpload(headers: { length: string | undefined; metadata: string | undefined }, maxBytes: number, reports = false): UploadMeta {
  const size = Number(headers.length);
  if (headers.length === undefined || !/^\d+$/.test(headers.length) || size < 1) throw appError(400, 'uploads.lengthRequired');
  if (size > maxBytes) throw appError(413, 'uploads.tooLarge', { max: maxBytes });
  const metadata = parseUploadMetadata(headers.metadata);
  const filename = (metadata.filename ?? '').trim();
  if (!filename) throw fieldErrors([{ field: 'filename', key: 'validation.required' }]);
  const type = acceptedType(filename, metadata.filetype ?? '', reports);
  if (!type) throw appError(415, 'uploads.typeNotAccepted');
  const sha256 = (metadata.sha256 ?? '').trim().toLowerCase();
  if (!SHA256_HEX.test(sha256)) throw fieldErrors([{ field: 'sha256', key: 'uploads.sha256Invalid' }]);
  return { filename: filename.slice(0, 255), type, size, sha256 };
}

export async function recordUpload(db: Db, id: string, userId: string, meta: UploadMeta): Promise<void> {
  await db.insert(uploads).values({ id, userId, ...meta, expiresAt: new Date(Date.now() + UPLOAD_TTL_MS) });
}

/** The user's upload, or null (another user's is null too: its existence is not revealed). */
export async function findOwnUpload(db: Db, userId: string, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
  return row ?? null;
}

export async function recordOffset(db: Db, id: string, offset: number): Promise<void> {
  await db.update(uploads).set({ offset }).where(and(eq(uploads.id, id), eq(uploads.status, 'receiving')));
}

export async function setUploadStatus(db: Db, id: string, status: 'complete' | 'failed', offset: number): Promise<void> {
  await db.update(uploads).set({ status, offset }).where(eq(uploads.id, id));
}

export async function recordIdentifyingElements(db: Db, id: string, elements: string[] | null): Promise<void> {
  await db.update(uploads).set({ identifyingElements: elements }).where(eq(uploads.id, id));
}

export async function forgetUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/** One read of a stream: its SHA-256 (hex) and its first `headBytes` bytes. */
export async function inspectStream(stream: Readable, headBytes: number): Promise<{ sha256: string; head: Buffer }> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let kept = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    if (kept < headBytes) {
      head.push(bytes.subarray(0, headBytes - kept));
      kept += Math.min(bytes.length, headBytes - kept);
    }
  }
  return { sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

const uploadError = (key: string, field: string) => new AppError(400, [{ field, key }]);

const REFUSALS: Record<UploadRow['status'], string> = {
  receiving: 'uploads.notFinished',
  failed: 'uploads.failed',
  consumed: 'uploads.alreadyUsed',
  complete: 'uploads.notFound',
};

/**
 * Turns the user's complete upload into a stored file (a `files` row whose bytes stay in the upload store)
 * inside the caller's transaction; the upload can be consumed once. Unknown and other users' uploads,
 * unfinished, failed and consumed ones are refused (400, field `images_upload_id` unless `field` names another).
 * `ownerId`: whose file it becomes (a staff member's report upload becomes the analysis owner's file).
 */
export async function consumeUpload(
  tx: Db,
  userId: string,
  uploadId: string,
  { field = 'images_upload_id', ownerId = userId }: { field?: string; ownerId?: string } = {},
): Promise<typeof files.$inferSelect> {
  const [upload] = await tx
    .update(uploads)
    .set({ status: 'consumed', consumedAt: new Date() })
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId), eq(uploads.status, 'complete')))
    .returning();
  if (!upload) {
    const row = await findOwnUpload(tx, userId, uploadId);
    throw uploadError(row ? REFUSALS[row.status] : 'uploads.notFound', field);
  }
  const [file] = await tx
    .insert(files)
    .values({
      userId: ownerId,
      name: upload.filename,
      contentType: upload.type,
      size: upload.size,
      sha256: upload.sha256,
      storageKey: `${UPLOAD_KEY_PREFIX}${upload.id}`,
      identifyingElements: upload.identifyingElements,
    })
    .returning();
  return file!;
}

/** Any constant shared by every DoseHub process: one process sweeps at a time. */
const SWEEP_LOCK_KEY = 4_242_002;

/**
 * Removes expired uploads that were never consumed (their bytes, then their rows). Under PostgreSQL only the
 * process holding the advisory lock sweeps; the others skip this round. Returns how many were removed.
 */
export async function sweepExpiredUploads(db: Db, removeBytes: (id: string) => Promise<void>, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) AS locked`);
    const rows = (locked as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!rows[0]?.locked) return 0;
    const expired = await tx
      .delete(uploads)
      .where(and(lt(uploads.expiresAt, now), ne(uploads.status, 'consumed')))
      .returning({ id: uploads.id });
    for (const { id } of expired) await removeBytes(id);
    return expired.length;
  });
}

/**
 * Removes what the upload store holds without a live record: an upload row not consumed, or the file of a
 * consumed one (`upload:<id>`), or a data export's zip until it expires. That happens when a process dies between the store and the database, or when
 * a record's bytes could not be removed after it was deleted (the store was down). Only what is older than
 * `graceMs` goes, so an upload being created right now is left alone. Returns how many uploads were removed.
 */
export async function sweepOrphanUploads(db: Db, store: { stored(): Promise<Map<string, Date>>; remove(id: string): Promise<void> }, graceMs: number, now = new Date()): Promise<number> {
  const stored = await store.stored();
  const old = [...stored].filter(([, changed]) => now.getTime() - changed.getTime() > graceMs).map(([id]) => id);
  if (old.length === 0) return 0;
  const live = await liveUploadIds(db, old);
  const orphans = old.filter((id) => !live.has(id));
  for (const id of orphans) await store.remove(id);
  return orphans.length;
}

/** Which of these ids (as the store names them) a record still needs. */
async function liveUploadIds(db: Db, ids: string[]): Promise<Set<string>> {
  const uuids = ids.filter((id) => UUID.test(id));
  if (uuids.length === 0) return new Set();
  const pending = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, uuids), ne(uploads.status, 'consumed')));
  const kept = await db
    .select({ key: files.storageKey })
    .from(files)
    .where(inArray(files.storageKey, uuids.map((id) => `${UPLOAD_KEY_PREFIX}${id}`)));
  const exports = await db
    .select({ id: dataExports.storageId })
    .from(dataExports)
    .where(and(inArray(dataExports.storageId, uuids), ne(dataExports.state, 'expired')));
  return new Set([...pending.map((row) => row.id), ...kept.map((row) => row.key.slice(UPLOAD_KEY_PREFIX.length)), ...exports.map((row) => row.id!)]);
}
