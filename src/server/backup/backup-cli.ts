// `npm run backup -- <file>`: the database and the files of DATA_DIR into one tar file (README.md here).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from '../config.ts';
import { DataDirLockedError, lockDirectory } from '../db/lock.ts';
import { POSTGRES_DUMP, packTar, run, writeManifest, type BackupKind } from './archive.ts';
import { snapshotFiles, snapshotPglite } from './snapshot.ts';
import { askRunningServer } from './socket.ts';

/** PGlite: through the running server when there is one (it alone may open the database), else opened here. */
async function snapshotOfPglite(dataDir: string, staging: string): Promise<void> {
  let release: () => void;
  try {
    release = lockDirectory(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return askRunningServer(dataDir, staging).catch((cause: Error) => {
      throw new Error(`${error.message.split('.')[0]}, and it did not answer on DATA_DIR/backup.sock (${cause.message}). Stop it, then run the backup again.`);
    });
  }
  try {
    const client = await PGlite.create(path.join(dataDir, 'db'));
    try {
      await snapshotPglite(client, dataDir, staging);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** PostgreSQL: pg_dump's custom format (one consistent snapshot of the database), then DATA_DIR's files. */
async function snapshotOfPostgres(url: string, dataDir: string, staging: string): Promise<void> {
  await fsp.mkdir(path.join(staging, 'database'), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, POSTGRES_DUMP)}`, url]);
  await snapshotFiles(dataDir, staging);
}

export async function backup(config: Config, file: string): Promise<BackupKind> {
  const { dataDir, database } = config;
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(dataDir, '.backup-'));
  try {
    if (database.kind === 'postgres') await snapshotOfPostgres(database.url, dataDir, staging);
    else await snapshotOfPglite(dataDir, staging);
    await writeManifest(staging, database.kind);
    await packTar(staging, path.resolve(file));
    return database.kind;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run backup -- <file>\n');
    process.exit(2);
  }
  backup(loadConfig(), file).then(
    (kind) => process.stdout.write(`Backup of the ${kind === 'postgres' ? 'PostgreSQL database' : 'PGlite database'} and DATA_DIR's files written to ${path.resolve(file)}\n`),
    (error: unknown) => {
      process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
