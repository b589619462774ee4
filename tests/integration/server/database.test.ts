import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { isotopes, plans, services, users } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed.ts';
import { ensureStaffAccount } from '#server/services/staff-account.ts';
import { verifyPassword } from '#server/services/passwords.ts';
import { createTestDatabase } from '#tests/utils/test-database.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function openTestDatabase() {
  const testDb = await createTestDatabase();
  const database = await openDatabase(testDb.database);
  cleanups.push(() => testDb.drop());
  cleanups.push(() => database.close());
  return database;
}

describe('migrations and seed', () => {
  it('seeds the catalog once, however often it runs', async () => {
    const { db } = await openTestDatabase();
    await seedCatalog(db);
    await seedCatalog(db);
    const [iso] = await db.select({ n: count() }).from(isotopes);
    const [svc] = await db.select({ n: count() }).from(services);
    const [pln] = await db.select({ n: count() }).from(plans);
    expect([iso?.n, svc?.n, pln?.n]).toEqual([16, 5, 2]);
  });

  it('creates the first staff account on an empty database only, with a working argon2id hash', async () => {
    const { db } = await openTestDatabase();
    const credentials = await ensureStaffAccount(db, 'Staff@Example.org');
    expect(credentials?.email).toBe('staff@example.org');
    expect(credentials?.password.length).toBeGreaterThanOrEqual(20);
    const [staff] = await db.select().from(users);
    expect(staff?.isStaff).toBe(true);
    expect(staff?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(staff!.passwordHash, credentials!.password)).toBe(true);
    expect(await ensureStaffAccount(db, 'other@example.org')).toBeNull();
  });
});

