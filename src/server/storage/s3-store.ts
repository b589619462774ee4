import { S3Store, type MetadataValue, type Options } from '@tus/s3-store';
import type { KvStore } from '@tus/utils';

/**
 * @tus/s3-store whose `cache` (each upload's S3 `.info`, to spare requests) may be shared by several processes
 * (db-kv-store.ts). S3Store keeps that cache right only while it is one process's memory, hence:
 * - `remove` drops the entry, awaited, whatever S3 answered: S3Store does not await it, and skips it when S3 no
 *   longer has the upload; a process that still found the entry would take a removed upload for a finished one.
 * - `clearCache` never rejects: S3Store.remove leaves it unawaited, so a database error would be an unhandled
 *   rejection. A stale entry of a finished upload is harmless (S3 answers that it is complete) and expires.
 * - `declareUploadLength` drops the entry: S3Store changes the cached object in place, which only a memory cache
 *   keeps; the next read takes S3's copy. (The route refuses `Upload-Defer-Length` today.)
 */
export class SharedCacheS3Store extends S3Store {
  constructor(options: Options & { cache: KvStore<MetadataValue> }) {
    super(options);
  }

  protected override async clearCache(id: string): Promise<void> {
    try {
      await super.clearCache(id);
    } catch {
      // Dropped again by remove(), awaited; see above.
    }
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } finally {
      await this.cache.delete(id);
    }
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await super.declareUploadLength(id, length);
    await this.cache.delete(id);
  }
}
