import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { isotopes } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed.ts';
import { createTestDatabase } from '#tests/utils/test-database.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

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
