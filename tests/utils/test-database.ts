import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Config } from '#server/config.ts';

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

/** A database of its own for one test app: in-memory PGlite, or a fresh PostgreSQL database dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usesPostgres()) return { database: { kind: 'pglite', dir: null }, drop: async () => {} };
  return createPostgresDatabase();
}
