import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Listen } from './listen.ts';
import { timeQueries, type QueryObserver } from './query-timing.ts';
import { lockDirectory } from './lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: Config['database']['kind'];
  /** LISTEN/NOTIFY: a notification sent in a transaction reaches every listener once it commits. */
  listen: Listen;
  /** PGlite's own client (null on PostgreSQL): the backup snapshots it in the process that holds it (backup/). */
  pglite: PGlite | null;
  close(): Promise<void>;
}

export type { QueryObserver } from './query-timing.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');


/** PGlite: its own queries and those of each transaction (drizzle runs a transaction's on the callback's `tx`). */
function timePglite(client: PGlite, observe: QueryObserver) {
  timeQueries(client, observe);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(timeQueries(tx, observe)));
}

/** The types drizzle reads as text on PGlite (its session passes these parsers with every query): dates, timestamps, intervals, numeric, and their arrays. */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;
const isDrizzleParsers = (parsers: Record<number, unknown>) => {
  const keys = Object.keys(parsers);
  return keys.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((type) => type in parsers);
};

type PgliteQuery = PGlite['query'];

function withoutDrizzleParsers(query: PgliteQuery): PgliteQuery {
  return ((text, params, options) =>
    options?.parsers && isDrizzleParsers(options.parsers) ? query(text, params, { ...options, parsers: undefined }) : query(text, params, options)) as PgliteQuery;
}

/**
 * PGlite merges a query's own `parsers` into its ~320 type parsers on every query, an object spread that doubled
 * a simple query's time; drizzle passes the same few each time. Set once on the client, they are left out of each query.
 */
function parseAsDrizzleOnce(client: PGlite) {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = keepText;
  client.query = withoutDrizzleParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(Object.assign(tx, { query: withoutDrizzleParsers(tx.query) })));
}

/**
 * PGlite's memory (issue 35): postgresql.conf's shared_buffers (128 MB) are allocated in its WebAssembly heap at
 * start, and a WebAssembly heap never shrinks. One process, a clinic-sized database: a few MB of pages are enough
 * (PostgreSQL's own minimum for one connection is far below). PGlite's default start parameters come first.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

async function openPglite(dir: string | null, image?: Blob, observe?: QueryObserver): Promise<Database> {
  const release = dir ? lockDirectory(path.dirname(dir)) : () => {};
  try {
    const client = await PGlite.create(dir ?? 'memory://', { ...PGLITE_OPTIONS, ...(image ? { loadDataDir: image } : {}) });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    parseAsDrizzleOnce(client);
    if (observe) timePglite(client, observe);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      pglite: client,
      listen: async (channel, { onPayload }) => {
        const unlisten = await client.listen(channel, onPayload);
        return () => (client.closed ? Promise.resolve() : unlisten());
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens the configured database and brings its schema up to date; `observe`, when given, is told each query's time. */
export function openDatabase(database: Config['database'], observe?: QueryObserver): Promise<Database> {
  if (database.kind === 'pglite') return openPglite(database.dir, database.image, observe);
  // pg and drizzle's node-postgres driver load on PostgreSQL only: a PGlite process never holds them (issue 35).
  return import('./postgres.ts').then(({ openPostgres }) => openPostgres(database.url, observe));
}

/** A new in-memory PGlite database with every migration applied, as a dump that `image` can start from. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create('memory://');
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1 + 1`);
}
