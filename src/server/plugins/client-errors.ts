import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateLanguage } from '#shared/languages.ts';

const REFUSALS: Record<string, { status: number; key: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'errors.headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'errors.requestTimeout' },
};
const MALFORMED = { status: 400, key: 'errors.malformedRequest' };

/** The Accept-Language of the bytes the parser refused, when they got that far (else pt-BR). */
function languageOf(rawPacket: unknown) {
  if (!Buffer.isBuffer(rawPacket)) return negotiateLanguage(undefined);
  const match = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'));
  return negotiateLanguage(match?.[1]);
}

function errorHeaders(body: string, language: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Content-Language': language,
    Connection: 'close',
    ...extra,
  };
}

/** A whole HTTP/1.1 answer with our `{"errors": [...]}` body, for a socket no Fastify reply exists for. */
function rawErrorResponse(status: number, message: string, language: string, extra: Record<string, string> = {}): string {
  const body = JSON.stringify({ errors: [message] });
  const headers = Object.entries(errorHeaders(body, language, extra)).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...headers, '', body].join('\r\n');
}

/**
 * Node's HTTP parser refused the bytes (a header block over 16 kB: 431; a bad request line or header: 400) or
 * the request took too long (408): Fastify's `clientErrorHandler`, answering in our shape on the raw socket.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection has no one to answer.
  if ((error.code as string) === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = REFUSALS[error.code] ?? MALFORMED;
  const language = languageOf(error.rawPacket);
  // As Node does: no answer in the middle of one already started on this socket.
  const current = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    socket.write(rawErrorResponse(status, this.translator.forLanguage(language)(key), language));
  }
  this.log.trace({ err: error }, 'client error');
  socket.destroy(error);
}

/**
 * Requests Node answers itself, with an empty body, before Fastify sees them: an Expect other than
 * 100-continue (417) and CONNECT (closed without a word; here 405, as any method the path does not take).
 */
export const clientErrorsPlugin = fp(async (app) => {
  const translate = (request: IncomingMessage) => app.translator.forLanguage(negotiateLanguage(request.headers['accept-language']));
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const language = negotiateLanguage(request.headers['accept-language']);
    // A HEAD answer has no body, so its error names no JSON type for one (as plugins/errors.ts answers HEAD).
    if (request.method === 'HEAD') return void response.writeHead(417, { 'Content-Language': language, Connection: 'close' }).end();
    const body = JSON.stringify({ errors: [translate(request)('errors.expectationFailed')] });
    response.writeHead(417, errorHeaders(body, language)).end(body);
  });
  app.server.on('connect', (request: IncomingMessage, socket: Socket) => {
    const language = negotiateLanguage(request.headers['accept-language']);
    const message = translate(request)('errors.methodNotAllowed', { method: 'CONNECT' });
    socket.end(rawErrorResponse(405, message, language));
  });
});
