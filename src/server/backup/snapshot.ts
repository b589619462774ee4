import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLITE_DUMP, copyTree, dataEntries } from './archive.ts';

/** Stored files are written once under a new name and deleted only after their row: hard links keep them as dumped. */
const WRITTEN_ONCE = new Set(['files']);

/**
 * A consistent copy of a PGlite server's data into `staging`: while no transaction runs (PGlite's own transaction
 * lock), its data directory as a tar.gz (`dumpDataDir` waits for the query in progress) and the stored files linked;
 * then, the lock released, the rest of DATA_DIR copied (unfinished uploads, which may still grow, are resumable).
 */
export async function snapshotPglite(client: PGlite, dataDir: string, staging: string): Promise<void> {
  const entries = await dataEntries(dataDir);
  await fsp.mkdir(path.join(staging, 'database'), { recursive: true });
  await client._runExclusiveTransaction(async () => {
    const dump = await client.dumpDataDir('gzip');
    await fsp.writeFile(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    await linkWrittenOnce(dataDir, staging, entries);
  });
  await copyRest(dataDir, staging, entries);
}

/** DATA_DIR beside a PostgreSQL dump: the stored files linked, the rest copied. */
export async function snapshotFiles(dataDir: string, staging: string): Promise<void> {
  const entries = await dataEntries(dataDir);
  await linkWrittenOnce(dataDir, staging, entries);
  await copyRest(dataDir, staging, entries);
}

async function linkWrittenOnce(dataDir: string, staging: string, entries: string[]) {
  for (const name of entries.filter((entry) => WRITTEN_ONCE.has(entry))) await copyTree(path.join(dataDir, name), path.join(staging, 'data', name), 'link');
}

async function copyRest(dataDir: string, staging: string, entries: string[]) {
  for (const name of entries.filter((entry) => !WRITTEN_ONCE.has(entry))) await copyTree(path.join(dataDir, name), path.join(staging, 'data', name), 'copy');
}
