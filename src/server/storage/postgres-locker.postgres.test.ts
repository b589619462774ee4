import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ERRORS } from '@tus/server';
import { PostgresLocker } from './postgres-locker.ts';

// Two lockers stand for two server processes on one PostgreSQL database.
let first: PostgresLocker;
let second: PostgresLocker;
beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL!;
  [first, second] = [new PostgresLocker(url), new PostgresLocker(url)];
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const uploadId = () => crypto.randomUUID();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tus locks shared by processes (PostgreSQL advisory locks)', () => {
  it('a second process waits for the upload, asks the holder to let go, and gets it once released', async () => {
    const id = uploadId();
    const holder = first.newLock(id);
    let releaseAsked = 0;
    await holder.lock(new AbortController().signal, () => {
      releaseAsked += 1;
    });

    const taker = second.newLock(id);
    let taken = false;
    const taking = taker.lock(AbortSignal.timeout(5_000), () => undefined).then(() => (taken = true));
    await settle(400);
    expect(taken).toBe(false);
    expect(releaseAsked).toBeGreaterThan(0);

    await holder.unlock();
    await taking;
    expect(taken).toBe(true);
    await taker.unlock();
  });

  it('gives up with tus\'s lock timeout when the holder never lets go; the holder keeps it', async () => {
    const id = uploadId();
    const holder = first.newLock(id);
    await holder.lock(new AbortController().signal, () => undefined);
    await expect(second.newLock(id).lock(AbortSignal.timeout(300), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    // Released, it is free for the other process at once.
    await holder.unlock();
    const next = second.newLock(id);
    await next.lock(AbortSignal.timeout(1_000), () => undefined);
    await next.unlock();
  });

  it('when its connection drops, the next lock opens a new one (PostgreSQL freed the old one\'s locks)', async () => {
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(AbortSignal.timeout(1_000), () => undefined);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE '%pg_try_advisory_lock%' AND pid <> pg_backend_pid()");
    } finally {
      await admin.end();
    }
    await settle(200);
    const again = second.newLock(id);
    await expect(again.lock(AbortSignal.timeout(2_000), () => undefined)).resolves.toBeUndefined();
    await again.unlock();
    const fresh = first.newLock(uploadId());
    await expect(fresh.lock(AbortSignal.timeout(2_000), () => undefined)).resolves.toBeUndefined();
    await Promise.all([fresh.unlock(), held.unlock()]);
  });

  it('different uploads do not wait for each other', async () => {
    const a = first.newLock(uploadId());
    const b = second.newLock(uploadId());
    await a.lock(AbortSignal.timeout(1_000), () => undefined);
    await expect(b.lock(AbortSignal.timeout(1_000), () => undefined)).resolves.toBeUndefined();
    await Promise.all([a.unlock(), b.unlock()]);
  });
});
