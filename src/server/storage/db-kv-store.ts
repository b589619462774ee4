import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { KvStore } from '@tus/utils';
import type { Db } from '../db/client.ts';
import { uploadCache } from '../db/schema.ts';

export interface DbKvStoreOptions {
  /** An entry older than this (since its last `set`) reads as missing and is purged; 0 keeps entries until deleted. */
  ttlMs: number;
}

/**
 * tus's `KvStore` (get/set/delete/list) in the `upload_cache` table, so every API process sees the same entries
 * (docs/architecture.md §7: no state that matters in process memory). Values go through JSON, as in tus's Redis store: what
 * comes back is plain data, not the class instance that went in. Ages are the database's clock, not a process's.
 */
export class DbKvStore<T> implements KvStore<T> {
  private readonly db: Db;
  private readonly ttlMs: number;

  constructor(db: Db, options: DbKvStoreOptions) {
    this.db = db;
    this.ttlMs = Math.max(0, options.ttlMs);
  }

  /** `updated_at` at or before this is stale. */
  private staleBefore() {
    return sql`now() - make_interval(secs => ${this.ttlMs / 1000})`;
  }

  private fresh() {
    return this.ttlMs > 0 ? gt(uploadCache.updatedAt, this.staleBefore()) : undefined;
  }

  async get(key: string): Promise<T | undefined> {
    const [row] = await this.db
      .select({ value: uploadCache.value })
      .from(uploadCache)
      .where(and(eq(uploadCache.key, key), this.fresh()));
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  /** Writes the entry (a new one, or over the old), then purges the stale ones. */
  async set(key: string, value: T): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insert(uploadCache)
      .values({ key, value: json })
      .onConflictDoUpdate({ target: uploadCache.key, set: { value: json, updatedAt: sql`now()` } });
    await this.deleteExpired();
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(uploadCache).where(eq(uploadCache.key, key));
  }

  async list(): Promise<string[]> {
    const rows = await this.db.select({ key: uploadCache.key }).from(uploadCache).where(this.fresh()).orderBy(asc(uploadCache.key));
    return rows.map((row) => row.key);
  }

  /** Removes the entries older than the TTL; returns how many. */
  async deleteExpired(): Promise<number> {
    if (this.ttlMs === 0) return 0;
    const removed = await this.db.delete(uploadCache).where(lte(uploadCache.updatedAt, this.staleBefore())).returning({ key: uploadCache.key });
    return removed.length;
  }
}
