import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { migratedPgliteImage } from '#server/db/client.ts';

export const usesPostgres = () => process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  database: Config['database'];
  drop(): Promise<void>;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, dropped (with its connections) by `drop`. */
export async function createPostgresDatabase(): Promise<TestDatabase & { database: { kind: 'postgres'; url: string } }> {
  const name = `dosehub_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * PGlite's initdb is most of a test app's start (2.8 s of 3 s, ~70 apps a run): each worker makes one migrated
 * database and every app of its files starts from a copy of its dump (1.2 s). The migrations still run on open.
 */
let pgliteImage: Promise<Blob> | undefined;
const migratedPglite = () => (pgliteImage ??= migratedPgliteImage());

/** A database of its own for one test app: in-memory PGlite, or a fresh PostgreSQL database dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usesPostgres()) return { database: { kind: 'pglite', dir: null, image: await migratedPglite() }, drop: async () => {} };
  return createPostgresDatabase();
}
