/**
 * A body over the limit is answered 413 before it is read. Over a real socket (inject has no socket to close): a
 * client that writes its whole 10 MB body, as HTTP clients do, must be able to write it and read why; a body past
 * the server's drain bound is cut off without the server reading it all.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_BOUND } from '#server/plugins/unread-body.ts';
import { parseRawAnswer, type RawAnswer } from '#tests/utils/raw-http.ts';
import { createTestApp, type TestApp } from '#tests/utils/test-app.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}, 120_000);
afterAll(() => t?.close());

interface Sent {
  answer: RawAnswer;
  /** Body bytes the socket took before the connection failed or the body ended. */
  written: number;
  /** The write error (EPIPE, ECONNRESET) that stopped the client, if any. */
  writeError: string | null;
}

/** A JSON POST that declares `declared` bytes and writes up to `send` of them in chunks, waiting for each to drain. */
function postLargeJson(declared: number, send: number, acceptLanguage = 'en'): Promise<Sent> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let written = 0;
    let writeError: string | null = null;
    const socket = net.connect(port, '127.0.0.1');
    const finish = () => resolve({ answer: parseRawAnswer(Buffer.concat(chunks), true), written, writeError });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on('close', finish);
    socket.on('connect', async () => {
      socket.write(`POST /api/v1/users/login/ HTTP/1.1\r\nHost: dosehub.test\r\nAccept-Language: ${acceptLanguage}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
      while (written < send && !socket.destroyed) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, send - written));
        const ok = await new Promise<boolean>((done) => socket.write(chunk, (error) => done(!error)));
        if (!ok) break;
        written += chunk.length;
      }
      // Done sending: wait for the answer and the server's close.
      if (!socket.destroyed) socket.end();
    });
  });
}

describe('a 10 MB JSON body → 413 the client can read', () => {
  it('five times in a row: the whole body is written without a broken pipe, and the 413 {errors} is read', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const size = 10 * MB;
      const { answer, written, writeError } = await postLargeJson(size, size);
      expect({ attempt, writeError, written, status: answer.status, body: answer.body }).toEqual({
        attempt,
        writeError: null,
        written: size,
        status: 413,
        body: JSON.stringify({ errors: ['The request body is too large.'] }),
      });
      expect(answer.headers.connection).toBe('close');
    }
  }, 120_000);

  it('a body far past the drain bound is cut off: the server stops reading long before the client is done', async () => {
    const declared = 1024 * MB;
    const { written, writeError } = await postLargeJson(declared, declared);
    expect(writeError).not.toBeNull();
    // What the server drained, plus what the two sockets' buffers held when it stopped.
    expect(written).toBeLessThan(DRAIN_BOUND.bytes + 16 * MB);
  }, 120_000);
});
