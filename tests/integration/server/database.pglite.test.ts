import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError, lockDirectory } from '#server/db/lock.ts';
import { users } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed.ts';
import { ensureStaffAccount } from '#server/services/staff-account.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-db-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('PGlite data directory', () => {
  it('keeps data across restarts', async () => {
    const dir = path.join(tempDir(), 'db');
    const first = await openDatabase({ kind: 'pglite', dir });
    await seedCatalog(first.db);
    await ensureStaffAccount(first.db, 'staff@dosehub.test');
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dir });
    cleanups.push(() => second.close());
    const [row] = await second.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(1);
    // A new data directory runs every migration (24 now) and the seed: ~10 s on a busy 2-core machine.
  }, 60_000);

  it('refuses a second process on the same data directory with a clear message', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'dosehub.lock'), String(process.ppid));
    expect(() => lockDirectory(dir)).toThrow(DataDirLockedError);
    expect(() => lockDirectory(dir)).toThrow(/in use by another DoseHub process \(pid \d+\).*DATA_DIR/);
  });

  it('takes over a stale lock whose process is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'dosehub.lock'), '999999999');
    const release = lockDirectory(dir);
    expect(fs.readFileSync(path.join(dir, 'dosehub.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'dosehub.lock'))).toBe(false);
  });
});

