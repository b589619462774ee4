// Issue 30 item 7: every table has a deletion rule (services/account-deletion/rules.ts), so that a table added
// later cannot be forgotten when an account is deleted; a table that refers to a user cannot claim to hold nothing personal.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELETION_RULES } from '#server/services/account-deletion/rules.ts';
import { rowsOf, tableNames } from '#tests/utils/account-deletion.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

/** Columns that name a person without a foreign key: a user's id, an e-mail address, a recipient. */
const PERSONAL_COLUMN = /^(user_id|staff_id|owner_id|email|recipient|reply_to|full_name|phone|cpf|cnpj|payer_document|.*_by)$/;

async function tablesReferringToUsers(): Promise<string[]> {
  const foreignKeys = await rowsOf<{ table: string }>(
    t.app.db,
    sql`select distinct conrelid::regclass::text as table from pg_constraint where contype = 'f' and confrelid = 'users'::regclass`,
  );
  const columns = await rowsOf<{ table: string; column: string }>(
    t.app.db,
    sql`select table_name as table, column_name as column from information_schema.columns where table_schema = 'public'`,
  );
  const named = columns.filter((row) => PERSONAL_COLUMN.test(row.column)).map((row) => row.table);
  return [...new Set([...foreignKeys.map((row) => row.table.replace(/"/g, '')), ...named])].sort();
}

it('every table of the database has a deletion rule, and every rule a table', async () => {
  const tables = await tableNames(t.app.db);
  expect(tables.filter((table) => !(table in DELETION_RULES)), 'tables without a rule in services/account-deletion/rules.ts').toEqual([]);
  expect(Object.keys(DELETION_RULES).filter((table) => !tables.includes(table)), 'rules for tables that do not exist').toEqual([]);
});

it('a table that refers to a user is erased or kept for a stated reason and period, never "nothing personal"', async () => {
  const referring = await tablesReferringToUsers();
  expect(referring).toEqual(expect.arrayContaining(['refresh_tokens', 'files', 'orders', 'audit_log', 'contact_messages']));
  const unruled = referring.filter((table) => DELETION_RULES[table]?.action === 'none');
  expect(unruled, 'tables naming a person whose rule says they hold nothing personal').toEqual([]);
  for (const [table, rule] of Object.entries(DELETION_RULES)) {
    if (rule.action === 'keep') expect({ table, why: rule.why.length > 10, retention: rule.retention }).toEqual({ table, why: true, retention: expect.stringMatching(/_RETENTION_YEARS$/) });
  }
});
