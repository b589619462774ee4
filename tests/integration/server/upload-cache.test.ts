// The S3 store's upload metadata cache, shared by the API processes through the database (docs/architecture.md §7,
// docs/reference/backend-notes.md §3.2). Runs on in-memory PGlite and, under TEST_DB=postgres, on PostgreSQL, where the second
// store has a pool of its own, as a second process would.
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { MemoryKvStore, Upload, type KvStore } from '@tus/utils';
import { openDatabase, type Database } from '#server/db/client.ts';
import { uploadCache } from '#server/db/schema.ts';
import { DbKvStore } from '#server/storage/db-kv-store.ts';
import { SharedCacheS3Store } from '#server/storage/s3-store.ts';
import { createUploadStore } from '#server/storage/upload-store.ts';
import { createTestDatabase } from '#tests/utils/test-database.ts';

const DAY_MS = 24 * 3600 * 1000;
// Never contacted: constructing the store sends nothing.
const S3 = { bucket: 'dosehub-test', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', accessKeyId: 'test', secretAccessKey: 'test', forcePathStyle: true, checksums: 'WHEN_REQUIRED' as const };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Two handles on one database: two pools under PostgreSQL; PGlite in memory is one process, so the same one. */
async function twoProcesses(): Promise<[Database, Database]> {
  const testDb = await createTestDatabase();
  cleanups.push(() => testDb.drop());
  const first = await openDatabase(testDb.database);
  cleanups.push(() => first.close());
  if (first.kind === 'pglite') return [first, first];
  const second = await openDatabase(testDb.database);
  cleanups.push(() => second.close());
  return [first, second];
}

/** What S3Store caches for an upload. */
const metadataOf = (id: string): MetadataValue => ({
  file: new Upload({
    id,
    size: 5 * 1024 ** 3,
    offset: 0,
    metadata: { filename: 'fantoma “SPECT” série 1.zip', filetype: 'application/zip', odd: 'nul\u0000 and \\u0000' },
    creation_date: '2026-01-02T03:04:05.000Z',
    storage: { type: 's3', path: id, bucket: 'dosehub-test' },
  }),
  'upload-id': 'multipart-upload-id',
  'tus-version': '1.0.0',
});

const ageEntry = (database: Database, key: string, interval: string) =>
  database.db
    .update(uploadCache)
    .set({ updatedAt: sql`now() - ${interval}::interval` })
    .where(eq(uploadCache.key, key));

describe('upload metadata cache in the database', () => {
  it('keeps, overwrites, lists and deletes entries; values come back as the same data', async () => {
    const [database] = await twoProcesses();
    const cache = new DbKvStore<MetadataValue>(database.db, { ttlMs: DAY_MS });
    const value = metadataOf('a1');

    expect(await cache.get('a1')).toBeUndefined();
    expect(await cache.list()).toEqual([]);
    await cache.set('a1', value);
    await cache.set('b2', metadataOf('b2'));
    // Plain data, as JSON makes it (tus's Redis store does the same): the class is not kept.
    expect(await cache.get('a1')).toEqual(JSON.parse(JSON.stringify(value)));
    expect((await cache.get('a1'))?.file.metadata?.odd).toBe('nul\u0000 and \\u0000');
    expect(await cache.list()).toEqual(['a1', 'b2']);

    await cache.set('a1', { ...value, 'upload-id': 'another' });
    expect((await cache.get('a1'))?.['upload-id']).toBe('another');
    expect(await cache.list()).toEqual(['a1', 'b2']);

    await cache.delete('a1');
    await cache.delete('a1');
    await cache.delete('never-set');
    expect(await cache.get('a1')).toBeUndefined();
    expect(await cache.list()).toEqual(['b2']);
  });

  it('is one cache for every process on the database', async () => {
    const [first, second] = await twoProcesses();
    const a = new DbKvStore<MetadataValue>(first.db, { ttlMs: DAY_MS });
    const b = new DbKvStore<MetadataValue>(second.db, { ttlMs: DAY_MS });

    await a.set('up-1', metadataOf('up-1'));
    expect((await b.get('up-1'))?.file.id).toBe('up-1');
    expect(await b.list()).toEqual(['up-1']);

    // A removal on one process (DELETE /uploads/{id}/, the sweep) is seen by the other at once.
    await b.delete('up-1');
    expect(await a.get('up-1')).toBeUndefined();

    await Promise.all([a.set('up-2', metadataOf('up-2')), b.set('up-2', { ...metadataOf('up-2'), 'upload-id': 'b' })]);
    expect(['multipart-upload-id', 'b']).toContain((await a.get('up-2'))?.['upload-id']);
    expect(await a.get('up-2')).toEqual(await b.get('up-2'));
  });

  it('ignores entries older than the upload expiry and purges them on the next write', async () => {
    const [database] = await twoProcesses();
    const cache = new DbKvStore<MetadataValue>(database.db, { ttlMs: DAY_MS });
    await cache.set('old', metadataOf('old'));
    await cache.set('recent', metadataOf('recent'));
    await ageEntry(database, 'old', '25 hours');
    await ageEntry(database, 'recent', '23 hours');

    expect(await cache.get('old')).toBeUndefined();
    expect((await cache.get('recent'))?.file.id).toBe('recent');
    expect(await cache.list()).toEqual(['recent']);

    await cache.set('new', metadataOf('new'));
    const keys = await database.db.select({ key: uploadCache.key }).from(uploadCache).orderBy(uploadCache.key);
    expect(keys.map((row) => row.key)).toEqual(['new', 'recent']);

    // Writing an entry again makes it fresh.
    await ageEntry(database, 'recent', '2 days');
    await cache.set('recent', metadataOf('recent'));
    expect((await cache.get('recent'))?.file.id).toBe('recent');
    expect(await cache.deleteExpired()).toBe(0);
  });

  it('keeps entries until deleted when given no expiry', async () => {
    const [database] = await twoProcesses();
    const cache = new DbKvStore<MetadataValue>(database.db, { ttlMs: 0 });
    await cache.set('kept', metadataOf('kept'));
    await ageEntry(database, 'kept', '400 days');
    expect((await cache.get('kept'))?.file.id).toBe('kept');
    expect(await cache.deleteExpired()).toBe(0);
    expect(await cache.list()).toEqual(['kept']);
  });
});

/** The KvStore that S3Store itself reads and writes (its protected `cache`). */
const cacheOf = (store: unknown) => (store as { cache: KvStore<MetadataValue> }).cache;

describe('S3 upload store', () => {
  it('caches upload metadata in the database under PostgreSQL, in memory under PGlite', async () => {
    const [first, second] = await twoProcesses();
    const uploads = await createUploadStore({ dataDir: '.test-data', s3: S3, expiresMs: DAY_MS, database: first });
    expect(uploads.datastore).toBeInstanceOf(S3Store);
    expect(uploads.datastore).toBeInstanceOf(SharedCacheS3Store);
    const cache = cacheOf(uploads.datastore);
    if (first.kind === 'pglite') {
      expect(cache).toBeInstanceOf(MemoryKvStore);
      return;
    }
    expect(cache).toBeInstanceOf(DbKvStore);
    // What this process's store caches, another process's store finds.
    const other = await createUploadStore({ dataDir: '.test-data', s3: S3, expiresMs: DAY_MS, database: second });
    await cache.set('shared-1', metadataOf('shared-1'));
    expect((await cacheOf(other.datastore).get('shared-1'))?.['upload-id']).toBe('multipart-upload-id');
    await cacheOf(other.datastore).delete('shared-1');
    expect(await cache.get('shared-1')).toBeUndefined();
  });

  it('keeps its cache in memory when given no database, and uses the file store without S3', async () => {
    const uploads = await createUploadStore({ dataDir: '.test-data', s3: S3, expiresMs: DAY_MS });
    expect(cacheOf(uploads.datastore)).toBeInstanceOf(MemoryKvStore);
    const files = await createUploadStore({ dataDir: '.test-data', s3: null, expiresMs: DAY_MS });
    expect(files.datastore).not.toBeInstanceOf(S3Store);
  });

  it('does not turn a failed cache removal into an unhandled rejection (S3Store.remove leaves it unawaited)', async () => {
    const failing: KvStore<MetadataValue> = {
      get: async () => undefined,
      set: async () => {},
      delete: async () => {
        throw new Error('database down');
      },
    };
    const store = new SharedCacheS3Store({ cache: failing, s3ClientConfig: { bucket: S3.bucket, region: S3.region } });
    const clearCache = (store as unknown as { clearCache(id: string): Promise<void> }).clearCache.bind(store);
    await expect(clearCache('any')).resolves.toBeUndefined();
  });
});
