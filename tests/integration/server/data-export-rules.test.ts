// Issue 30 item 7: every table that refers to a person has an export rule (exported under a key of data.json, or
// "not exported, because …"), found by walking the migrated database itself: a table added without one fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '#server/db/client.ts';
import { COLLECTORS } from '#server/services/data-export-records.ts';
import { TABLE_RULES } from '#server/services/data-export-rules.ts';
import { createTestDatabase, type TestDatabase } from '#tests/utils/test-database.ts';

let testDb: TestDatabase;
let database: Database;

/** Columns that name a person without a foreign key (the audit log's staff, a contact message's sender). */
const PERSON_COLUMNS = ['user_id', 'staff_id', 'email', 'recipient', 'answered_by', 'requested_by'];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase(testDb.database);
}, 300_000);
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe('the export rules cover the database', () => {
  it('every table that refers to a user has a rule', async () => {
    const referring = await rows<{ table_name: string }>(sql`
      SELECT DISTINCT c.table_name FROM information_schema.columns c
      WHERE c.table_schema = 'public' AND c.column_name IN (${sql.join(PERSON_COLUMNS.map((name) => sql`${name}`), sql`, `)})
      UNION
      SELECT DISTINCT tc.table_name FROM information_schema.table_constraints tc
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.table_schema = 'public' AND tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'users'`);
    const tables = referring.map((row) => row.table_name);
    expect(tables).toContain('calibrations');
    expect(tables).toContain('contact_messages');
    expect(tables.filter((table) => !(table in TABLE_RULES)), 'tables that refer to a user without an export rule (services/data-export-rules.ts)').toEqual([]);
  });

  it('every table has a rule, and every rule a table', async () => {
    const all = (await rows<{ table_name: string }>(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)).map(
      (row) => row.table_name,
    );
    expect(all.filter((table) => !(table in TABLE_RULES)), 'tables without an export rule').toEqual([]);
    expect(Object.keys(TABLE_RULES).filter((table) => !all.includes(table)), 'rules of tables that do not exist').toEqual([]);
  });

  it("each rule names a key of data.json that a collector fills, or gives its reason", () => {
    for (const [table, rule] of Object.entries(TABLE_RULES)) {
      if ('notExported' in rule) expect(rule.notExported.length, `${table}'s reason`).toBeGreaterThan(20);
      else for (const key of rule.exportedAs) expect(key === 'files' || key in COLLECTORS, `${table} → ${key}`).toBe(true);
    }
  });
});
