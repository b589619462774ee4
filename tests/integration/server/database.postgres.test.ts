import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError, lockDirectory } from '#server/db/lock.ts';
import { isotopes, plans, services, users } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed.ts';
import { ensureStaffAccount } from '#server/services/staff-account.ts';
import { verifyPassword } from '#server/services/passwords.ts';
import { createTestDatabase } from '#tests/utils/test-database.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosehub-db-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function openTestDatabase() {
  const testDb = await createTestDatabase();
  const database = await openDatabase(testDb.database);
  cleanups.push(() => testDb.drop());
  cleanups.push(() => database.close());
  return database;
}

describe('PostgreSQL', () => {
  it('runs migrations from several processes at once under the advisory lock', async () => {
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.drop());
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase(testDb.database)));
    for (const database of opened) cleanups.push(() => database.close());
    await Promise.all(opened.map((database) => seedCatalog(database.db)));
    const [row] = await opened[0]!.db.select({ n: count() }).from(isotopes);
    expect(row?.n).toBe(16);
  });
});
