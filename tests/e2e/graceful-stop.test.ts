// Issue 32: SIGTERM under load. The real server process stops taking connections, finishes the requests in
// flight, ends its event streams with a retry hint, and exits 0; a request still running after the grace
// (SHUTDOWN_GRACE_SECONDS) has its connection cut rather than holding the process.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes } from '#tests/utils/calibrations.ts';
import { openSse } from '#tests/utils/sse.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/utils/smtp.ts';
import { confirmedUser, type ApiUser } from './support/accounts.ts';
import { startServer, type RunningServer } from './support/server.ts';

const GRACE_SECONDS = 3;
let smtp: SmtpCapture;
let server: RunningServer;
let user: ApiUser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer(undefined, { SMTP_URL: smtp.url, SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
  user = await confirmedUser(server.url, smtp, `stop.${Date.now()}@example.com`);
});
afterAll(async () => {
  await smtp?.close();
});

const BOUNDARY = 'graceful-stop-boundary';
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** A calibration form whose body arrives in two halves: `sendRest` sends the second, after the test has signalled. */
function slowCalibration(): { sendRest(): void; answer: Promise<{ status: number; body: string }> } {
  const fields = { id: crypto.randomUUID(), isotope: 'Lu-177', calibrationName: 'Parada', syringeActivity: '50', residualSyringeActivity: '1', measurementDatetime: '2026-11-20T10:00:00Z', phantomVolume: '200', acquisitionTime: '1800' };
  const head = Buffer.from(Object.entries(fields).map(([name, value]) => field(name, value)).join('') + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="phantom.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.concat([Buffer.from(imageBytes(64 * 1024)), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const url = new URL(`${server.url}/api/v1/users/${user.id}/calibrations/`);
  const request = http.request(url, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': head.length + tail.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
  });
  request.write(head);
  return { sendRest: () => request.end(tail), answer };
}

/** Reads the catalog in a loop until the server is gone; every answer and every failure, in order. */
async function load(stop: { done: boolean }): Promise<string[]> {
  const seen: string[] = [];
  while (!stop.done) {
    try {
      const response = await fetch(`${server.url}/api/v1/isotopes/`);
      await response.arrayBuffer();
      seen.push(String(response.status));
    } catch (error) {
      const code = ((error as Error).cause as { code?: string } | undefined)?.code ?? (error as Error).message;
      seen.push(code);
      if (code === 'ECONNREFUSED') return seen;
    }
  }
  return seen;
}

describe('SIGTERM under load', () => {
  it('finishes what is in flight, refuses new connections, ends streams with a retry hint, cuts what outlives the grace, exits 0', async () => {
    const stream = await openSse(`${server.url}/api/v1/users/${user.id}/events/`, { cookie: user.cookie });
    await stream.next('unread');
    const slow = slowCalibration();
    const stalled = slowCalibration(); // its client never sends the rest
    const stalledOutcome = stalled.answer.then((answer) => `answered ${answer.status}`, (error: Error) => `cut: ${error.message}`);
    const stop = { done: false };
    const loads = [load(stop), load(stop), load(stop), load(stop)];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = stream.raw().length;

    const stoppedAt = Date.now();
    const exited = server.stop();
    // The stream ends at once, telling the browser when to come back (to another process).
    await stream.ended;
    expect(stream.raw().slice(before)).toMatch(/^retry: \d+\n\n$/m);
    // The request in flight still gets its whole answer.
    slow.sendRest();
    const answer = await slow.answer;
    expect(answer).toEqual({ status: 201, body: expect.any(String) });

    const seen = await Promise.race([Promise.all(loads), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('load never saw the port closed')), 15_000))]);
    stop.done = true;
    for (const outcomes of seen) {
      // Answers (200, or 503 while closing) and then the port closed: no answer cut off half-way.
      expect(outcomes.at(-1)).toBe('ECONNREFUSED');
      expect(outcomes.filter((outcome) => !['200', '503', 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(outcome))).toEqual([]);
    }
    expect(await stalledOutcome).toMatch(/^cut: /);
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan((GRACE_SECONDS + 4) * 1000);
  });
});
