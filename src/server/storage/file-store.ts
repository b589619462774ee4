import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { localObject, type StoredObject } from './stored-object.ts';

export interface StoredBytes {
  storageKey: string;
  size: number;
  sha256: string;
}

/** The prefix of a storage key whose bytes stay where a resumable upload put them (`upload:<tus id>`). */
export const UPLOAD_KEY_PREFIX = 'upload:';

/** Bytes kept by the resumable-upload store (storage/upload-store.ts). */
export interface UploadBytes {
  open(id: string): Readable;
  object(id: string): Promise<StoredObject>;
  remove(id: string): Promise<void>;
}

/**
 * The prefix of a storage key whose bytes are not made yet: a boleto's PDF, drawn on its first download
 * (services/boleto-pdfs.ts), which then gives the file its own key. Nothing is stored under it, so nothing is removed.
 */
export const UNDRAWN_KEY_PREFIX = 'undrawn:';

const uploadIdOf = (storageKey: string) => (storageKey.startsWith(UPLOAD_KEY_PREFIX) ? storageKey.slice(UPLOAD_KEY_PREFIX.length) : null);

/**
 * Files on local disk under `${dataDir}/files/`, addressed by an opaque key; keys `upload:<id>` are the bytes
 * of a consumed resumable upload, read from and removed in the upload store.
 */
export function createFileStore(dataDir: string, uploads?: UploadBytes) {
  const root = path.join(dataDir, 'files');
  const pathOf = (storageKey: string) => path.join(root, path.basename(storageKey));
  const uploadOf = (storageKey: string) => {
    const id = uploadIdOf(storageKey);
    return id && uploads ? id : null;
  };

  return {
    /** Streams to disk while hashing; a partial file is removed when the stream fails. */
    async save(stream: Readable): Promise<StoredBytes> {
      await fsp.mkdir(root, { recursive: true });
      const storageKey = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream, measure, fs.createWriteStream(pathOf(storageKey)));
      } catch (error) {
        await fsp.rm(pathOf(storageKey), { force: true });
        throw error;
      }
      return { storageKey, size, sha256: hash.digest('hex') };
    },
    open: (storageKey: string): Readable => {
      const id = uploadOf(storageKey);
      return id ? uploads!.open(id) : fs.createReadStream(pathOf(storageKey));
    },
    /** The bytes read at offsets (a zip's entries, a DICOM header), wherever they are (this disk or the upload store). */
    object: (storageKey: string): Promise<StoredObject> => {
      const id = uploadOf(storageKey);
      return id ? uploads!.object(id) : localObject(pathOf(storageKey));
    },
    remove: async (storageKey: string): Promise<void> => {
      if (storageKey.startsWith(UNDRAWN_KEY_PREFIX)) return;
      const id = uploadOf(storageKey);
      return id ? uploads!.remove(id) : fsp.rm(pathOf(storageKey), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
