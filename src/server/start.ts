import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { startServer } from './main.ts';

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

/** `npm start`: builds the client when needed, then serves app and API. */
async function main() {
  const config = loadConfig();
  if (config.distDir && clientBuildIsStale(config.distDir)) {
    process.stdout.write('Building the client…\n');
    // The app build of vite.config.ts (`builder`), as `vite build` runs it: the client, then the pre-rendered pages.
    const { createBuilder } = await import('vite');
    const builder = await createBuilder({ logLevel: 'warn', build: { outDir: config.distDir, emptyOutDir: true } });
    await builder.buildApp();
  }
  await startServer(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`DoseHub could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
