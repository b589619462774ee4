import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './client.ts';
import { listenPostgres } from './listen.ts';
import { timeQueries, type QueryObserver } from './query-timing.ts';
import * as schema from './schema.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant shared by every DoseHub process: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_242_001;

/** PostgreSQL (DATABASE_URL): a pool, its schema brought up to date under an advisory lock (client.ts `openDatabase` loads this file). */
export async function openPostgres(url: string, observe?: QueryObserver): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  if (observe) pool.on('connect', (client) => timeQueries(client, observe));
  // An idle client dropped by the server (restart, failover) must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as unknown as Db, kind: 'postgres', pglite: null, listen: listenPostgres(url), close: () => pool.end() };
}
