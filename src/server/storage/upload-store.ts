import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { MemoryKvStore, Upload, type DataStore } from '@tus/utils';
import type { S3Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DbKvStore } from './db-kv-store.ts';
import type { SharedCacheS3Store } from './s3-store.ts';
import { lazyStream, localObject, type StoredObject } from './stored-object.ts';

/** Where the bytes of resumable uploads live: `${dataDir}/uploads` (tus FileStore) or an S3-compatible bucket. */
export interface UploadStore {
  datastore: DataStore;
  /** The stored bytes of an upload, streamed. */
  open(id: string): Readable;
  /**
   * Writes a stream of unknown length under `id` as it comes (a data export's zip): a tus upload whose length is
   * declared at its end, so S3 takes it as a multipart upload of 5 MiB parts and nothing is held in memory. Returns the size.
   */
  put(id: string, stream: Readable, contentType: string): Promise<number>;
  /** Removes all an upload put in the store (bytes, metadata, S3's pending parts); a missing one is no error. */
  remove(id: string): Promise<void>;
  /** A finished upload's bytes, read at offsets (a zip's entries, a DICOM header): the file, or ranged GetObjects. */
  object(id: string): Promise<StoredObject>;
  /** Every upload with something in the store, and when it last changed (for the orphan sweep). */
  stored(): Promise<Map<string, Date>>;
  /** Rejects when the store cannot take uploads now: the directory not writable, or the bucket not reachable (readiness). */
  check(): Promise<void>;
}

/** S3's smallest multipart part, and the size of the client's tus PATCHes (src/app/lib/uploads/tus-upload.ts). */
const S3_PART_BYTES = 5 * 1024 * 1024;
const S3_CONNECT_TIMEOUT_MS = 5000;

/**
 * The S3 store's upload metadata cache: in the database under PostgreSQL, where several API processes share the
 * uploads (docs/architecture.md §7); in memory under PGlite, which is one process. (PGlite also serialises every query: the
 * expiry sweep removes uploads inside its transaction, and a removal that read the cache from the database there
 * would wait for that transaction forever.)
 */
function s3MetadataCache<T>(database: Pick<Database, 'db' | 'kind'> | undefined, expiresMs: number) {
  return database?.kind === 'postgres' ? new DbKvStore<T>(database.db, { ttlMs: expiresMs }) : new MemoryKvStore<T>();
}

async function s3Store(s3: S3Config, expiresMs: number, database: Pick<Database, 'db' | 'kind'> | undefined): Promise<SharedCacheS3Store> {
  const { SharedCacheS3Store } = await import('./s3-store.ts');
  const credentials = s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined;
  return new SharedCacheS3Store({
    expirationPeriodInMilliseconds: expiresMs,
    // The client's PATCHes are 5 MiB (UPLOAD_CHUNK_SIZE), S3's smallest part: each becomes one part. With the
    // store's 8 MiB default a PATCH left a `.part` object that the next PATCH downloaded again (tests/bench/RESULTS.md).
    partSize: S3_PART_BYTES,
    cache: s3MetadataCache(database, expiresMs),
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      // A store that does not answer at all fails in seconds (then 503), instead of holding the request forever.
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS },
      requestChecksumCalculation: s3.checksums,
      responseChecksumValidation: s3.checksums,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      ...(credentials ? { credentials } : {}),
    },
  });
}

/**
 * tus's FileStore keeps `<id>` (the bytes) and `<id>.json` (its metadata) in one folder. Its own remove (tus
 * DELETE's too) stops when the bytes are already gone and leaves the `.json`: this one removes both, whatever is there.
 */
class CompleteFileStore extends FileStore {
  readonly folder: string;

  constructor(folder: string, expiresMs: number) {
    super({ directory: folder, expirationPeriodInMilliseconds: expiresMs });
    this.folder = folder;
  }

  override async remove(id: string): Promise<void> {
    const pathOf = (name: string) => path.join(this.folder, path.basename(name));
    await Promise.all([fsp.rm(pathOf(id), { force: true }), fsp.rm(pathOf(`${id}.json`), { force: true })]);
  }

  async storedUploads(): Promise<Map<string, Date>> {
    const found = new Map<string, Date>();
    const names = await fsp.readdir(this.folder).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    for (const name of names) {
      const modified = (await fsp.stat(path.join(this.folder, name)).catch(() => null))?.mtime;
      const id = name.replace(/\.json$/, '');
      const latest = found.get(id);
      if (modified && (!latest || modified > latest)) found.set(id, modified);
    }
    return found;
  }
}

/** Writes and removes a probe file: a full, read-only or missing volume fails here as an upload would. */
async function writableDirectory(directory: string): Promise<void> {
  await fsp.mkdir(directory, { recursive: true });
  const probe = path.join(directory, `.ready-${process.pid}`);
  await fsp.writeFile(probe, '');
  await fsp.rm(probe, { force: true });
}

export async function createUploadStore(options: {
  dataDir: string;
  s3: S3Config | null;
  expiresMs: number;
  /** The server's database: with S3 on PostgreSQL, the upload metadata cache lives there (see s3MetadataCache). */
  database?: Pick<Database, 'db' | 'kind'>;
}): Promise<UploadStore> {
  const directory = path.join(options.dataDir, 'uploads');
  const datastore = options.s3 ? await s3Store(options.s3, options.expiresMs, options.database) : new CompleteFileStore(directory, options.expiresMs);
  const reader = datastore as DataStore & { read(id: string): Promise<Readable> | Readable };
  return {
    datastore,
    object: (id) => (datastore instanceof CompleteFileStore ? localObject(path.join(directory, path.basename(id))) : datastore.object(id)),
    open: (id) => lazyStream(() => reader.read(id)),
    remove: (id) => datastore.remove(id),
    put: (id, stream, contentType) => putStream(datastore, id, stream, contentType),
    stored: () => datastore.storedUploads(),
    check: () => (datastore instanceof CompleteFileStore ? writableDirectory(directory) : datastore.checkBucket()),
  };
}

async function putStream(datastore: DataStore, id: string, stream: Readable, contentType: string): Promise<number> {
  await datastore.create(new Upload({ id, offset: 0, metadata: { filetype: contentType, contentType } }));
  const size = await datastore.write(stream, id, 0);
  await datastore.declareUploadLength(id, size);
  // The last, empty write completes the upload (S3: the final part and CompleteMultipartUpload).
  await datastore.write(Readable.from([]), id, size);
  return size;
}
