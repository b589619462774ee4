// `npm run restore -- <file>`: a backup of `npm run backup` into an empty data directory (and, on PostgreSQL, an
// empty database). README.md here.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { lockDirectory } from '../db/lock.ts';
import { PGLITE_DUMP, POSTGRES_DUMP, dataEntries, run, unpackTar, verifiedManifest } from './archive.ts';

async function refuseUnlessEmpty(config: Config): Promise<void> {
  const { dataDir, database } = config;
  const present = await dataEntries(dataDir);
  const hasDatabase = database.kind === 'pglite' && (await fsp.readdir(path.join(dataDir, 'db')).catch(() => [])).length > 0;
  if (present.length > 0 || hasDatabase) {
    throw new Error(`${dataDir} is not empty (${[...(hasDatabase ? ['db'] : []), ...present].join(', ')}): restore into an empty data directory`);
  }
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
      if (rows[0]!.count > 0) throw new Error('the database of DATABASE_URL is not empty: restore into a new, empty database (createdb)');
    } finally {
      await client.end();
    }
  }
}

/** PGlite starts once from the dumped data directory, which it writes into DATA_DIR/db. */
async function restorePglite(dataDir: string, staging: string): Promise<void> {
  const image = new Blob([await fsp.readFile(path.join(staging, PGLITE_DUMP))]);
  const client = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: image });
  await client.close();
}

export async function restore(config: Config, file: string): Promise<void> {
  const { dataDir, database } = config;
  await fsp.mkdir(dataDir, { recursive: true });
  const release = database.kind === 'pglite' ? lockDirectory(dataDir) : () => {};
  const staging = await fsp.mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await refuseUnlessEmpty(config);
    await unpackTar(path.resolve(file), staging);
    const manifest = await verifiedManifest(staging);
    if (manifest.kind !== database.kind) {
      throw new Error(`this is a backup of a ${manifest.kind} database; the configuration is for ${database.kind} (${database.kind === 'postgres' ? 'unset' : 'set'} DATABASE_URL)`);
    }
    if (database.kind === 'postgres') await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${database.url}`, path.join(staging, POSTGRES_DUMP)]);
    else await restorePglite(dataDir, staging);
    const data = path.join(staging, 'data');
    for (const name of await fsp.readdir(data).catch(() => [])) await fsp.rename(path.join(data, name), path.join(dataDir, name));
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    release();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run restore -- <file>\n');
    process.exit(2);
  }
  const config = loadConfig();
  restore(config, file).then(
    () => process.stdout.write(`Restored ${path.resolve(file)} into ${config.dataDir}${config.database.kind === 'postgres' ? ' and the database of DATABASE_URL' : ''}\n`),
    (error: unknown) => {
      process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
