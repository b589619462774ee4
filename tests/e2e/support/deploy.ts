import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/** A free TCP port, so a restarted server keeps the origin (and the tab's service worker and data). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A copy of the built client in `dir` (the "version in production" for a deploy test). */
export function copyBuild(dir: string, from = process.env.DIST_DIR ?? 'dist') {
  fs.cpSync(path.resolve(from), dir, { recursive: true });
  return dir;
}

/** A fresh production build into `dir`: a new build id, so new chunks and a new service worker. */
export async function buildClient(dir: string) {
  await promisify(execFile)(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return dir;
}

/** The entry script of a build's index.html (differs between builds). */
export function entryScript(dir: string): string {
  const match = /<script type="module" crossorigin src="([^"]+)"/.exec(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
  if (!match) throw new Error(`no entry script in ${dir}/index.html`);
  return match[1]!;
}
