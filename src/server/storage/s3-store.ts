import { S3Store, type MetadataValue, type Options } from '@tus/s3-store';
import { Readable } from 'node:stream';
import type { KvStore } from '@tus/utils';
import { lazyStream, type StoredObject } from './stored-object.ts';

/**
 * @tus/s3-store whose `cache` (each upload's S3 `.info`, to spare requests) may be shared by several processes
 * (db-kv-store.ts). S3Store keeps that cache right only while it is one process's memory, hence:
 * - `remove` drops the entry, awaited, whatever S3 answered (and removes what S3Store's own remove leaves behind,
 *   see there); a process that still found the entry would take a removed upload for a finished one.
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

  /**
   * Removes everything an upload put in the bucket, idempotently: its pending multipart upload(s) (found by
   * listing, so one whose `.info` is gone goes too), the object, `.info` and `.part`. S3Store's own remove
   * stops at the abort when the upload was finished (S3 answers NoSuchUpload) and never deletes the `.part`.
   */
  override async remove(id: string): Promise<void> {
    try {
      await this.abortPendingUploads(id);
      const { Errors } = await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
      });
      const failed = Errors?.find((error) => error.Code !== 'NoSuchKey');
      if (failed) throw Object.assign(new Error(`S3 did not delete ${failed.Key}: ${failed.Message}`), { Code: failed.Code, $metadata: {} });
    } finally {
      await this.cache.delete(id);
    }
  }

  /** HeadBucket: the bucket exists and these credentials reach it (readiness). */
  async checkBucket(): Promise<void> {
    await this.client.headBucket({ Bucket: this.bucket });
  }

  private async abortPendingUploads(id: string): Promise<void> {
    const { Uploads = [] } = await this.client.listMultipartUploads({ Bucket: this.bucket, Prefix: id });
    for (const pending of Uploads.filter((upload) => upload.Key === id)) {
      try {
        await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: pending.UploadId });
      } catch (error) {
        if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
      }
    }
  }

  /** Every upload with something in the bucket (object, `.info`, `.part` or a pending multipart upload), and its latest change. */
  async storedUploads(): Promise<Map<string, Date>> {
    const found = new Map<string, Date>();
    const note = (key: string | undefined, at: Date | undefined) => {
      if (!key) return;
      const id = key.replace(/\.(info|part)$/, '');
      const latest = found.get(id);
      if (!latest || (at && at > latest)) found.set(id, at ?? new Date(0));
    };
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({ Bucket: this.bucket, ContinuationToken: token });
      for (const object of page.Contents ?? []) note(object.Key, object.LastModified);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    let marker: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await this.client.listMultipartUploads({ Bucket: this.bucket, ...marker });
      for (const upload of page.Uploads ?? []) note(upload.Key, upload.Initiated);
      if (!page.IsTruncated) break;
      marker = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
    return found;
  }

  /** A finished upload's object, read a range at a time (one GetObject with `Range` per stream). */
  async object(id: string): Promise<StoredObject> {
    const { ContentLength: size = 0 } = await this.client.headObject({ Bucket: this.bucket, Key: id });
    const range = (start: number, end: number) => async () =>
      (await this.client.getObject({ Bucket: this.bucket, Key: id, Range: `bytes=${start}-${end - 1}` })).Body as Readable;
    return { size, stream: (start, end = size) => lazyStream(end > start ? range(start, end) : () => Readable.from([])) };
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await super.declareUploadLength(id, length);
    await this.cache.delete(id);
  }
}
