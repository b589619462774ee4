/**
 * Refusals Node's HTTP layer makes before Fastify has a request (parser errors, timeouts, Expect, CONNECT, no
 * Host): over a real socket, since `inject` skips the parser. Each is our translated `{"errors": [...]}`.
 */
import net from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRawAnswer, rawExchange, type RawAnswer } from '#tests/utils/raw-http.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  // A request's headers must arrive within 400 ms here (checked every 50 ms), so the 408 is quick to see.
  Object.assign(t.app.server, { headersTimeout: 400, requestTimeout: 800, connectionsCheckingInterval: 50 });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}, 120_000);
afterAll(() => t?.close());

function expectRefusal(answer: RawAnswer, status: number, message: string, language = 'pt-BR') {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['content-language']).toBe(language);
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body)).toEqual({ errors: [message] });
}

describe('Node HTTP parser refusals, in our shape', () => {
  it('a header block over 16 kB → 431, in the language of the Accept-Language it carried', async () => {
    const answer = await rawExchange(port, `GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`);
    expectRefusal(answer, 431, 'The request headers are too large.', 'en-US');
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  it('a huge cookie → 431 in pt-BR when no language can be read', async () => {
    const answer = await rawExchange(port, `GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nCookie: ${'c=1; '.repeat(4000)}\r\n\r\n`);
    expectRefusal(answer, 431, 'Os cabeçalhos da requisição são grandes demais.');
  });

  it.each([
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['an unknown method', 'FOO /api/v1/health/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a header without a colon', 'GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'],
    ['conflicting lengths', 'POST /api/v1/users/login/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n'],
    ['a raw non-ASCII byte in the path', 'GET /ç HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('a bad request (%s) → 400', async (_case, request) => {
    const answer = await rawExchange(port, Buffer.from(request, 'latin1'));
    expectRefusal(answer, 400, 'A requisição não é HTTP válido.');
    expect(answer.closed).toBe(true);
  });

  it('headers that never finish → 408 once the headers timeout passes (in pt-BR: Node keeps no bytes to read a language from)', async () => {
    const answer = await rawExchange(port, 'GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\n');
    expectRefusal(answer, 408, 'A requisição demorou demais para chegar.');
    expect(answer.closed).toBe(true);
  });

  it('HTTP/1.1 without Host → 400 with its own message (HTTP/1.0 needs none)', async () => {
    const answer = await rawExchange(port, 'GET /api/v1/health/ HTTP/1.1\r\nAccept-Language: en\r\nConnection: close\r\n\r\n');
    expectRefusal(answer, 400, 'The Host header is required.', 'en-US');
    const old = await rawExchange(port, 'GET /api/v1/health/ HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('an Expect other than 100-continue → 417', async () => {
    const answer = await rawExchange(port, 'GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nExpect: the-unexpected\r\nAccept-Language: en\r\n\r\n');
    expectRefusal(answer, 417, 'The server cannot meet the Expect header: only 100-continue is supported.', 'en-US');
    // HEAD: the same refusal with no body, so no JSON type either (found by the fuzz test, seed 1025516845).
    const head = await rawExchange(port, 'HEAD /api/v1/health/ HTTP/1.1\r\nHost: x\r\nExpect: the-unexpected\r\nConnection: close\r\n\r\n');
    expect(head.status).toBe(417);
    expect(head.headers['content-type']).toBeUndefined();
    expect(head.body).toBe('');
  });

  it('CONNECT → 405, not a silently closed socket', async () => {
    const answer = await rawExchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectRefusal(answer, 405, 'Método "CONNECT" não permitido.');
  });

  it('a bad percent-encoding over the socket → 400 from the router, in our shape', async () => {
    const answer = await rawExchange(port, 'GET /api/v1/plans/%zz/ HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ errors: ['La dirección no es válida: tiene una codificación porcentual mal formada.'] });
  });

  it('the server keeps serving after all of these', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health/`);
    expect(response.status).toBe(200);
  });
});

describe('while the server closes', () => {
  it('a request that arrives on an open connection → 503 in our shape with Connection: close (Fastify’s own body was not)', async () => {
    const closing = await createTestApp();
    const address = await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // A first request in flight (its body not sent yet) keeps the connection open while the server closes.
    socket.write('POST /api/v1/users/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await setTimeout(300);
    const closed = closing.app.close();
    await setTimeout(100);
    socket.write('{}GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n');
    await ended;
    await closed;
    await closing.close().catch(() => {});

    const answers = Buffer.concat(chunks).toString('utf8').split(/(?=HTTP\/1\.1 \d{3})/);
    expect(answers).toHaveLength(2);
    const second = parseRawAnswer(Buffer.from(answers[1]!), true);
    expect(second.status).toBe(503);
    expect(second.headers.connection).toBe('close');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(second.body)).toEqual({ errors: ['The server is restarting. Try again in a moment.'] });
  }, 120_000);
});
