/**
 * Issue 30: looking for a deleted person everywhere the server keeps something (every table, `DATA_DIR`, the
 * upload store's bucket), as a regulator would: by the values only they had.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { S3Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { bucketContents, s3Client } from './s3.ts';

/** A raw query's rows (drizzle types `execute` by driver; both of ours answer `{rows}`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const deleteAccountUrl = (uid: string) => `/api/v1/users/${uid}/delete-account/`;

/** The tables of the database (schema `public`), as PostgreSQL lists them. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** Every row of every table as JSON text, by table. */
export async function everyRow(db: Db): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for (const table of await tableNames(db)) {
    const found = await rowsOf<{ row: string }>(db, sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`);
    rows.set(table, found.map((row) => row.row));
  }
  return rows;
}

/** `table: value` for each value found in a row (case-insensitive), but for the values a table may keep. */
export async function findValues(db: Db, values: string[], allowed: Record<string, string[]> = {}): Promise<string[]> {
  const found: string[] = [];
  for (const [table, rows] of await everyRow(db)) {
    for (const value of values) {
      if (allowed[table]?.includes(value)) continue;
      if (rows.some((row) => row.toLowerCase().includes(value.toLowerCase()))) found.push(`${table}: ${value}`);
    }
  }
  return found;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** `DATA_DIR` files whose bytes hash to one of `hashes`, or whose text holds one of `values`. */
export function findInDataDir(dataDir: string, hashes: string[], values: string[]): string[] {
  return filesUnder(dataDir).filter((file) => {
    const bytes = fs.readFileSync(file);
    const text = bytes.toString('latin1').toLowerCase();
    return hashes.includes(sha256(bytes)) || values.some((value) => text.includes(value.toLowerCase()));
  });
}

/** Objects of the bucket whose bytes hash to one of `hashes` or whose key names one of `uploadIds`, and their pending multipart uploads. */
export async function findInBucket(s3: S3Config, hashes: string[], uploadIds: string[]): Promise<string[]> {
  const { objects, pending } = await bucketContents(s3);
  const client = s3Client(s3);
  const ours = (key: string) => uploadIds.some((id) => key.startsWith(id));
  const found = [...objects.filter(ours), ...pending.filter(ours).map((key) => `pending:${key}`)];
  for (const key of objects) {
    const object = await client.getObject({ Bucket: s3.bucket, Key: key });
    if (hashes.includes(sha256(await object.Body!.transformToByteArray()))) found.push(key);
  }
  return found;
}
