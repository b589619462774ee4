import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { MemoryKvStore, type DataStore } from '@tus/utils';
import type { S3Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DbKvStore } from './db-kv-store.ts';

/** Where the bytes of resumable uploads live: `${dataDir}/uploads` (tus FileStore) or an S3-compatible bucket. */
export interface UploadStore {
  datastore: DataStore;
  /** The stored bytes of an upload, streamed. */
  open(id: string): Readable;
  /** Removes an upload's bytes (and the store's metadata); a missing one is no error. */
  remove(id: string): Promise<void>;
  /** The bytes as a file-backed Blob, for reads at offsets (a zip's entries); null where the store is remote (S3). */
  blob(id: string): Promise<Blob | null>;
}

/** A stream at once, fed once the store's (possibly asynchronous) reader is ready. */
function lazyStream(open: () => Promise<Readable> | Readable): Readable {
  const out = new PassThrough();
  Promise.resolve()
    .then(open)
    .then((source) => pipeline(source, out))
    .catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * The S3 store's upload metadata cache: in the database under PostgreSQL, where several API processes share the
 * uploads (docs/architecture.md §7); in memory under PGlite, which is one process. (PGlite also serialises every query: the
 * expiry sweep removes uploads inside its transaction, and a removal that read the cache from the database there
 * would wait for that transaction forever.)
 */
function s3MetadataCache<T>(database: Pick<Database, 'db' | 'kind'> | undefined, expiresMs: number) {
  return database?.kind === 'postgres' ? new DbKvStore<T>(database.db, { ttlMs: expiresMs }) : new MemoryKvStore<T>();
}

async function s3Store(s3: S3Config, expiresMs: number, database: Pick<Database, 'db' | 'kind'> | undefined): Promise<DataStore> {
  const { SharedCacheS3Store } = await import('./s3-store.ts');
  const credentials = s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined;
  return new SharedCacheS3Store({
    expirationPeriodInMilliseconds: expiresMs,
    cache: s3MetadataCache(database, expiresMs),
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(credentials ? { credentials } : {}),
    },
  });
}

export async function createUploadStore(options: {
  dataDir: string;
  s3: S3Config | null;
  expiresMs: number;
  /** The server's database: with S3 on PostgreSQL, the upload metadata cache lives there (see s3MetadataCache). */
  database?: Pick<Database, 'db' | 'kind'>;
}): Promise<UploadStore> {
  const datastore = options.s3
    ? await s3Store(options.s3, options.expiresMs, options.database)
    : new FileStore({ directory: path.join(options.dataDir, 'uploads'), expirationPeriodInMilliseconds: options.expiresMs });
  const reader = datastore as DataStore & { read(id: string): Promise<Readable> | Readable };
  const directory = path.join(options.dataDir, 'uploads');
  return {
    datastore,
    blob: async (id) => (options.s3 ? null : openAsBlob(path.join(directory, path.basename(id)))),
    open: (id) => lazyStream(() => reader.read(id)),
    remove: async (id) => {
      try {
        await datastore.remove(id);
      } catch (error) {
        if ((error as { status_code?: number }).status_code !== 404) throw error;
      }
    },
  };
}
