import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { snapshotPglite } from './snapshot.ts';

/**
 * A PGlite server is the only process that may open its database: `npm run backup` asks it for the snapshot through
 * a Unix socket in DATA_DIR (mode 0600: only who may read the data may ask for it; no network port). One request,
 * a JSON line `{"snapshotTo": "<DATA_DIR/.backup-…>"}`, one answer, `{"ok": true}` or `{"error": "…"}`.
 */

export const socketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

const answer = (socket: net.Socket, body: object) => socket.end(`${JSON.stringify(body)}\n`);

export async function serveBackupSocket(client: PGlite, dataDir: string): Promise<{ close(): Promise<void> }> {
  const file = socketPath(dataDir);
  // The data directory's lock is ours: a socket file left there is a dead process's.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let line = '';
    socket.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      if (!line.includes('\n')) return;
      socket.removeAllListeners('data');
      const target = path.resolve(String((JSON.parse(line) as { snapshotTo?: unknown }).snapshotTo ?? ''));
      if (path.dirname(target) !== path.resolve(dataDir) || !path.basename(target).startsWith('.backup-')) {
        return answer(socket, { error: 'the snapshot goes into a .backup-* folder of DATA_DIR' });
      }
      snapshotPglite(client, dataDir, target).then(
        () => answer(socket, { ok: true }),
        (error: unknown) => answer(socket, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** Asks the server running on DATA_DIR for a snapshot into `staging`; rejects when nobody answers on the socket. */
export function askRunningServer(dataDir: string, staging: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath(dataDir));
    let reply = '';
    socket.on('connect', () => socket.write(`${JSON.stringify({ snapshotTo: staging })}\n`));
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const body = JSON.parse(reply || '{"error":"no answer"}') as { ok?: true; error?: string };
      if (body.ok) resolve();
      else reject(new Error(`the running server could not make the snapshot: ${body.error}`));
    });
  });
}
