import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBytes {
  storageKey: string;
  size: number;
  sha256: string;
}

/** Files on local disk under `${dataDir}/files/`, addressed by an opaque key. */
export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const pathOf = (storageKey: string) => path.join(root, path.basename(storageKey));

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
    open: (storageKey: string) => fs.createReadStream(pathOf(storageKey)),
    remove: (storageKey: string) => fsp.rm(pathOf(storageKey), { force: true }),
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
