/**
 * A loopback Web Push service over HTTP (docs/reference/backend-notes.md §4.2): browser-like subscribers (P-256 key pair and
 * a 16-byte auth secret), every push decrypted (aes128gcm, http_ece) and its VAPID JWT verified, the
 * answers scripted per subscriber (201 unless told otherwise).
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriber: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  headers: { ttl?: string; urgency?: string; topic?: string; contentEncoding?: string };
  /** The VAPID JWT's claims and key (`k`), verified against that key. */
  vapid: { claims: JWTPayload; publicKey: string; alg: string };
  /** What this service answered. */
  status: number;
  receivedAt: number;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
}

interface Subscriber {
  ecdh: ECDH;
  authSecret: Buffer;
  answers: ScriptedAnswer[];
}

const readBody = async (request: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `Authorization: vapid t=<jwt>, k=<public key>` → the verified claims (RFC 8292). */
async function verifyVapid(header: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { algorithms: ['ES256'] });
  return { claims: payload, publicKey, alg: decodeProtectedHeader(token).alg ?? '' };
}

function header(request: http.IncomingMessage, name: string) {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export interface PushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** A new browser subscription (its endpoint names it): what PushSubscription.toJSON() gives. */
  subscribe(name: string): SubscriptionJson;
  /** The next answers to this subscriber, in order; then 201 again. */
  answer(name: string, ...answers: ScriptedAnswer[]): void;
  /** Every push received (answered 2xx or not), oldest first. */
  received: ReceivedPush[];
  /** Pushes that could not be read (bad encryption or VAPID), with the reason. */
  rejected: string[];
  /** Waits until `count` pushes were received in all (or for `name`), at most `timeoutMs`. */
  waitFor(count: number, options?: { name?: string; timeoutMs?: number }): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** The loopback service's state: its subscribers, and what it received or could not read. */
class PushServiceState {
  readonly subscribers = new Map<string, Subscriber>();
  readonly received: ReceivedPush[] = [];
  readonly rejected: string[] = [];
  readonly watchers = new Set<() => void>();

  /** Decrypts and checks one push, answers it as scripted (201 by default), and records it. */
  async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
    const subscriber = this.subscribers.get(name);
    const body = await readBody(request);
    if (!subscriber) return void response.writeHead(404).end();
    try {
      const vapid = await verifyVapid(header(request, 'authorization'));
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.authSecret.toString('base64url') });
      const answer = subscriber.answers.shift() ?? { status: 201 };
      this.received.push({
        subscriber: name,
        payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
        headers: { ttl: header(request, 'ttl'), urgency: header(request, 'urgency'), topic: header(request, 'topic'), contentEncoding: header(request, 'content-encoding') },
        vapid,
        status: answer.status,
        receivedAt: Date.now(),
      });
      response.writeHead(answer.status, answer.headers).end();
    } catch (error) {
      this.rejected.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      response.writeHead(400).end();
    }
    this.watchers.forEach((watcher) => watcher());
  }

  waitFor(count: number, name: string | undefined, timeoutMs: number): Promise<ReceivedPush[]> {
    const matching = () => this.received.filter((push) => name === undefined || push.subscriber === name);
    return new Promise((resolve, reject) => {
      const check = () => {
        if (matching().length < count) return;
        clearTimeout(timer);
        this.watchers.delete(check);
        resolve(matching());
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        const rejected = this.rejected.join('; ') || 'none';
        reject(new Error(`expected ${count} pushes${name ? ` to ${name}` : ''}, got ${matching().length} (rejected: ${rejected})`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }
}

/** A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret. */
function newSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, authSecret: randomBytes(16), answers: [] };
}

export async function startPushService(): Promise<PushService> {
  const state = new PushServiceState();
  const server = http.createServer((request, response) => void state.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received: state.received,
    rejected: state.rejected,
    subscribe(name) {
      const subscriber = newSubscriber();
      state.subscribers.set(name, subscriber);
      const keys = { p256dh: subscriber.ecdh.getPublicKey('base64url'), auth: subscriber.authSecret.toString('base64url') };
      return { endpoint: `${origin}/push/${encodeURIComponent(name)}`, expirationTime: null, keys };
    },
    answer: (name, ...answers) => void state.subscribers.get(name)?.answers.push(...answers),
    waitFor: (count, { name, timeoutMs = 3000 } = {}) => state.waitFor(count, name, timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
