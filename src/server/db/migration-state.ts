import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'meta', '_journal.json');

/** The `when` of the newest migration this code ships (drizzle-kit's journal), which the migrator records as `created_at`. */
export function shippedMigration(): number {
  const { entries } = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  return Math.max(...entries.map((entry) => entry.when));
}

/** Whether the database has this code's newest migration (a process of an older version may still be migrating it). */
export async function isMigrated(db: Db, shipped = shippedMigration()): Promise<boolean> {
  const result = await db.execute<{ created_at: string | number }>(sql`SELECT max(created_at) AS created_at FROM drizzle.__drizzle_migrations`);
  const applied = (result as unknown as { rows: { created_at: string | number | null }[] }).rows[0]?.created_at;
  return applied !== null && applied !== undefined && Number(applied) >= shipped;
}
