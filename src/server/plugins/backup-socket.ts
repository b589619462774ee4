import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import { serveBackupSocket, socketPath } from '../backup/socket.ts';

/**
 * PGlite on disk: the socket through which `npm run backup` gets a consistent snapshot from this process (backup/).
 * A socket that cannot be opened (a DATA_DIR path beyond the 107 bytes a socket's may have) does not stop the
 * server: it is logged, and the backup then refuses, saying to stop the server first.
 */
export const backupSocketPlugin = fp<{ client: PGlite; dataDir: string }>(async (app, { client, dataDir }) => {
  try {
    const socket = await serveBackupSocket(client, dataDir);
    app.addHook('onClose', () => socket.close());
  } catch (error) {
    app.log.warn({ err: error, socket: socketPath(dataDir) }, 'backup socket not served: npm run backup needs the server stopped');
  }
});
