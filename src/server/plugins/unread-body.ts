import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * How much of a refused body the server still reads, and for how long, so that its client can read the refusal:
 * a 10 MB upload sent as JSON by mistake is drained and told why; a gigabyte is not read.
 */
export const DRAIN_BOUND = { bytes: 16 * 1024 * 1024, ms: 15_000 };

/**
 * After a 413 sent before its request's body was read (Fastify then closes the connection), keeps reading and
 * dropping the rest of the body, up to `DRAIN_BOUND`, and only then closes. Closed at once, the socket still holds
 * unread bytes, so the kernel resets the connection while the client is sending, and the client sees a broken pipe
 * instead of the answer. Past the bound (bytes or time) the connection is cut.
 */
function closeAfterDraining(request: IncomingMessage, response: ServerResponse) {
  const socket = request.socket as Socket & { destroySoon?: () => void };
  // Through inject there is no socket to close.
  if (typeof socket.destroySoon !== 'function' || request.complete) return;
  const closeSoon = socket.destroySoon.bind(socket);
  // Node's server calls destroySoon once the answer is written: the connection stays open until the body is in
  // (even a FIN would stop many clients from sending the rest, and they would see a broken pipe).
  socket.destroySoon = () => {};
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, DRAIN_BOUND.ms);
  socket.once('close', () => clearTimeout(timer));
  let drained = 0;
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BOUND.bytes) cut();
  });
  request.once('end', () => (response.writableFinished ? closeSoon() : response.once('finish', closeSoon)));
  request.resume();
}

export const unreadBodyPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 413 && reply.getHeader('connection') === 'close') closeAfterDraining(request.raw, reply.raw);
    return payload;
  });
});
