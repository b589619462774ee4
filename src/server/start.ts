import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';

const CLIENT_SOURCES = ['src/app', 'src/shared', 'src/build', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/** True when dist/ is missing or older than any client source. */
function clientBuildIsStale(distDir: string): boolean {
  const built = path.join(distDir, 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(source) > builtAt);
}

function runChild(what: string, command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${what} failed: ${signal ?? `exit ${code}`}`))));
  });
}

/**
 * `npm run build` (into DIST_DIR, which vite.config.ts reads) with the npm and Node that run this
 * process: the build's memory goes with its own process instead of staying in the server's.
 */
function buildClient(distDir: string): Promise<void> {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, 'run', 'build']] : ['npm', ['run', 'build']];
  return runChild('the client build (npm run build)', command, args, { DIST_DIR: distDir });
}

/** The first start's PGlite database, created in its own process (src/server/db/create-database.ts says why). */
function createDatabase(): Promise<void> {
  const script = fileURLToPath(new URL('db/create-database.ts', import.meta.url));
  return runChild('creating the database', process.execPath, ['--import', 'tsx', script]);
}

/** `npm start`: builds the client and creates the database when needed, each in a child process, then serves app and API. */
async function main() {
  const config = loadConfig();
  if (config.distDir && clientBuildIsStale(config.distDir)) {
    process.stdout.write('Building the client…\n');
    await buildClient(config.distDir);
  }
  if (config.database.kind === 'pglite' && config.database.dir && !fs.existsSync(config.database.dir)) await createDatabase();
  // The server's modules load now, on a first start as on any other: their start-up garbage is the same.
  const { startServer } = await import('./main.ts');
  await startServer(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`DoseHub could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
