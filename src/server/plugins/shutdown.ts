import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * Graceful shutdown must not wait for connections that never sent a request: a browser's (or fetch's)
 * preconnected socket. Node's server.close() closes idle keep-alive connections, but waits for these
 * until the client gives up. They are closed before the server stops; requests in flight still finish.
 */
export const shutdownPlugin = fp(async (app) => {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy();
    unused.clear();
  });
});
