import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { S3Config } from '../config.ts';

/** Where the bytes of resumable uploads live: `${dataDir}/uploads` (tus FileStore) or an S3-compatible bucket. */
export interface UploadStore {
  datastore: DataStore;
  /** The stored bytes of an upload, streamed. */
  open(id: string): Readable;
  /** Removes an upload's bytes (and the store's metadata); a missing one is no error. */
  remove(id: string): Promise<void>;
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

async function s3Store(s3: S3Config, expiresMs: number): Promise<DataStore> {
  const { S3Store } = await import('@tus/s3-store');
  const credentials = s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined;
  return new S3Store({
    expirationPeriodInMilliseconds: expiresMs,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(credentials ? { credentials } : {}),
    },
  });
}

export async function createUploadStore(options: { dataDir: string; s3: S3Config | null; expiresMs: number }): Promise<UploadStore> {
  const datastore = options.s3
    ? await s3Store(options.s3, options.expiresMs)
    : new FileStore({ directory: path.join(options.dataDir, 'uploads'), expirationPeriodInMilliseconds: options.expiresMs });
  const reader = datastore as DataStore & { read(id: string): Promise<Readable> | Readable };
  return {
    datastore,
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
