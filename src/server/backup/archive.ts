import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * A backup is one tar file (GNU tar, as Debian has it): `manifest.json` (kind, date, SHA-256 of every other file),
 * `database/` (PGlite's data directory as `pglite.tar.gz`, or `postgres.dump` from pg_dump -Fc) and `data/` (the
 * files of DATA_DIR but the database: `files/`, `uploads/`, the webhook secret file, the mail outbox).
 */

export const MANIFEST = 'manifest.json';
export const PGLITE_DUMP = 'database/pglite.tar.gz';
export const POSTGRES_DUMP = 'database/postgres.dump';
/** Whose data a backup holds; restored only onto the same kind. */
export type BackupKind = 'pglite' | 'postgres';

export interface Manifest {
  format: 1;
  kind: BackupKind;
  createdAt: string;
  /** Path inside the backup → SHA-256 (hex). */
  files: Record<string, string>;
}

/** In DATA_DIR, what is not data: the database (dumped instead), the lock, the backup socket, and staging folders. */
const NOT_DATA = /^(db|dosehub\.lock|backup\.sock|\.backup-.*|\.restore-.*)$/;

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file).on('data', (chunk) => hash.update(chunk)).on('end', () => resolve(hash.digest('hex'))).on('error', reject);
  });
}

/** Every regular file under `dir`, as paths relative to it (sorted). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The data entries of DATA_DIR (top level names), the database and the server's own files left out. */
export async function dataEntries(dataDir: string): Promise<string[]> {
  const names = await fsp.readdir(dataDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return names.filter((name) => !NOT_DATA.test(name));
}

/**
 * `from` into `to`, file by file: `link` (hard links: instant, and the bytes stay as they were when a stored file,
 * written once, is deleted later) or a copy (for what may still grow, an unfinished upload).
 */
export async function copyTree(from: string, to: string, how: 'link' | 'copy'): Promise<void> {
  const stat = await fsp.stat(from);
  if (!stat.isDirectory()) return placeFile(from, to, how);
  for (const file of await filesUnder(from)) await placeFile(path.join(from, file), path.join(to, file), how);
}

async function placeFile(from: string, to: string, how: 'link' | 'copy'): Promise<void> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  if (how === 'link') {
    try {
      return await fsp.link(from, to);
    } catch (error) {
      if (!['EXDEV', 'EPERM', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
  await fsp.copyFile(from, to);
}

export async function writeManifest(staging: string, kind: BackupKind): Promise<Manifest> {
  const files: Record<string, string> = {};
  for (const file of await filesUnder(staging)) if (file !== MANIFEST) files[file] = await sha256File(path.join(staging, file));
  const manifest: Manifest = { format: 1, kind, createdAt: new Date().toISOString(), files };
  await fsp.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Reads the manifest and checks every file against it: a backup that was damaged or changed is refused whole. */
export async function verifiedManifest(staging: string): Promise<Manifest> {
  const manifest = JSON.parse(await fsp.readFile(path.join(staging, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const present = (await filesUnder(staging)).filter((file) => file !== MANIFEST);
  const listed = Object.keys(manifest.files).sort();
  if (JSON.stringify(present) !== JSON.stringify(listed)) throw new Error('the backup does not hold the files its manifest lists');
  for (const [file, sha256] of Object.entries(manifest.files)) {
    if ((await sha256File(path.join(staging, file))) !== sha256) throw new Error(`${file} does not match its SHA-256 in the manifest`);
  }
  return manifest;
}

/** Runs a command (tar, pg_dump, pg_restore); rejects with its stderr when it fails or is missing. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not run (${error.message}); is it installed?`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

export const packTar = (staging: string, file: string) => run('tar', ['-cf', file, '-C', staging, '.']);
export const unpackTar = (file: string, staging: string) => run('tar', ['-xf', file, '-C', staging]);
