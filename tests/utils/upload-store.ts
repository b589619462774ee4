/**
 * What an app's upload store holds, looked at from outside (the bucket through the AWS SDK, or the files under
 * `<dataDir>/uploads`), so the tests can say "nothing left behind" for either store.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { inArray, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Config, S3Config } from '#server/config.ts';
import { openDatabase, type Db } from '#server/db/client.ts';
import { files, uploads } from '#server/db/schema.ts';
import { bucketContents, s3Client } from './s3.ts';

type DatabaseConfig = Config['database'];

/** Where a server keeps its uploads: its bucket, or `<dataDir>/uploads`. */
export interface StoreOwner {
  dataDir: string;
  s3: S3Config | null;
}

/**
 * The store's names: the bucket's keys (`<id>`, `<id>.info`, `<id>.part`) and `pending:<id>` for each
 * unfinished multipart upload; or the folder's files (`<id>`, `<id>.json`).
 */
export async function storeContents(t: StoreOwner): Promise<string[]> {
  if (t.s3) {
    const { objects, pending } = await bucketContents(t.s3);
    return [...objects, ...pending.map((key) => `pending:${key}`)];
  }
  return (await fsp.readdir(path.join(t.dataDir, 'uploads')).catch(() => [] as string[])).sort();
}

const UUID = /^[0-9a-f-]{36}$/;

/** The upload id a store name belongs to. */
const idOf = (name: string) => name.replace(/^pending:/, '').replace(/\.(info|part|json)$/, '');

/** Whether anything of this upload is in the store. */
export async function isStored(t: StoreOwner, id: string): Promise<boolean> {
  return (await storeContents(t)).some((name) => idOf(name) === id);
}

/** The finished upload's bytes, read from the store itself. */
export async function readStored(t: StoreOwner, id: string): Promise<Buffer> {
  if (!t.s3) return fsp.readFile(path.join(t.dataDir, 'uploads', id));
  const object = await s3Client(t.s3).getObject({ Bucket: t.s3.bucket, Key: id });
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** Bytes of this upload received so far, as the store holds them: the file's size, or S3's parts and `.part`. */
export async function storedBytes(t: StoreOwner, id: string): Promise<number> {
  if (!t.s3) return (await fsp.stat(path.join(t.dataDir, 'uploads', id))).size;
  const s3 = s3Client(t.s3);
  const pending = (await s3.listMultipartUploads({ Bucket: t.s3.bucket, Prefix: id })).Uploads?.find((upload) => upload.Key === id);
  if (!pending) return 0;
  const parts = await s3.listParts({ Bucket: t.s3.bucket, Key: id, UploadId: pending.UploadId });
  return (parts.Parts ?? []).reduce((sum, part) => sum + (part.Size ?? 0), 0);
}

/**
 * Only the uploads a record still needs are in the store: an upload row not consumed (receiving or complete),
 * or a consumed one whose file (`upload:<id>`) exists; a pending multipart upload only for one still receiving.
 */
export async function expectOnlyLiveUploads(t: StoreOwner & { app: { db: Db } }): Promise<void> {
  const names = await storeContents(t);
  const ids = [...new Set(names.map(idOf))].filter((id) => UUID.test(id));
  const rows = ids.length ? await t.app.db.select({ id: uploads.id, status: uploads.status }).from(uploads).where(inArray(uploads.id, ids)) : [];
  const kept = await t.app.db.select({ key: files.storageKey }).from(files).where(like(files.storageKey, 'upload:%'));
  const receiving = new Set(rows.filter((row) => row.status === 'receiving').map((row) => row.id));
  const live = new Set([...rows.filter((row) => row.status !== 'consumed' && row.status !== 'failed').map((row) => row.id), ...kept.map((row) => row.key.slice('upload:'.length))]);
  const leftBehind = names.filter((name) => !live.has(idOf(name)) || (name.startsWith('pending:') && !receiving.has(idOf(name))));
  expect(leftBehind, 'objects in the upload store without a live record').toEqual([]);
}


/**
 * The same check for a server process, once stopped: its database opened from outside (its PGlite folder, or
 * the PostgreSQL database its processes shared).
 */
export async function expectOnlyLiveUploadsOfServer(server: StoreOwner, database: DatabaseConfig = { kind: 'pglite', dir: path.join(server.dataDir, 'db') }): Promise<void> {
  const opened = await openDatabase(database);
  try {
    await expectOnlyLiveUploads({ ...server, app: { db: opened.db } });
  } finally {
    await opened.close();
  }
}
