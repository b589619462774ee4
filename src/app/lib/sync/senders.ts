import { sendRequest } from '../api-client.ts';
import type { OutboxRow, StoredFile } from '../db.ts';
import type { DeferReason } from './decisions.ts';

/**
 * The registry of write kinds: each queued kind ('notification.check', 'calibration.create', ...)
 * names how it is sent and what happens around it. Queued entities declare theirs through
 * queued-entity-senders.ts; one-off kinds register here directly.
 */

/** `W/"7"` → 7: the entity version an answer's `ETag` carries. */
export function versionOfEtag(etag: string | null): number | null {
  const match = etag ? /^\s*(?:W\/)?"(\d+)"\s*$/.exec(etag) : null;
  return match ? Number(match[1]) : null;
}

/** The server's answer as a sender read it: `body` is the typed answer on success, the `{"errors"}` body otherwise. */
export interface Answer<A = unknown> {
  status: number;
  headers?: { get(name: string): string | null };
  body?: A | unknown;
}

/** The sender did not send now, and why (no request was made): the write waits, and it is not an attempt. */
export interface Deferral {
  deferred: DeferReason;
  /** Look again after this long; null: only when something makes it due (resume, the other write done). */
  retryAfterMs: number | null;
}

export const defer = (reason: DeferReason, retryAfterMs: number | null = null): Deferral => ({ deferred: reason, retryAfterMs });

export const isDeferral = (value: unknown): value is Deferral => value !== null && typeof value === 'object' && 'deferred' in value;

/** What a sender gives back. Throwing means the request never got an answer (network failure, abort). */
export type Delivery<A = unknown> = Response | Answer<A> | Deferral;

export interface SendContext {
  /** Aborted on timeout and when the drainer stops (logout). Pass it to fetch. */
  signal: AbortSignal;
}

export type Sender<P = unknown, A = unknown> = (row: OutboxRow<P>, files: StoredFile[], context: SendContext) => Promise<Delivery<A>>;

export interface SenderOptions<P = unknown, A = unknown> {
  /** HTTP method of the request; a DELETE answered 404 means the thing is already gone (done). */
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Also treat 404/410 as done (e.g. marking a notification that no longer exists as read). */
  goneIsDone?: boolean;
  /** Request timeout in ms (default: 30 s, or 10 min when the row carries files). */
  timeoutMs?: number;
  /** After the server accepted the write: apply its answer locally (e.g. the new `version`). `answer` is what the sender read (null for a bare 204). */
  onDone?: (row: OutboxRow<P>, answer: A | null) => Promise<void> | void;
  /** After the user dropped writes (discard, take theirs): restore the entity, usually by pulling the server's copy. */
  onDiscard?: (rows: OutboxRow<P>[]) => Promise<void> | void;
  /**
   * "Keep mine" on a conflict: return the payload to send again (e.g. with the server's current
   * version as `If-Match`). Without it, the payload is sent again as it is.
   */
  keepMine?: (row: OutboxRow<P>) => Promise<P> | P;
  /** What the write is, for the list of writes that need the user (already translated). */
  describe?: (row: OutboxRow<P>) => string;
}

export interface SenderRegistration<P = unknown, A = unknown> extends SenderOptions<P, A> {
  send: Sender<P, A>;
}

const registry = new Map<string, SenderRegistration>();

/** Plugs a write kind into the outbox. Returns an unregister function. */
export function registerSender<P, A = unknown>(kind: string, send: Sender<P, A>, options: SenderOptions<P, A> = {}) {
  registry.set(kind, { ...options, send } as SenderRegistration);
  return () => {
    if (registry.get(kind)?.send === send) registry.delete(kind);
  };
}

export function senderFor(kind: string): SenderRegistration | undefined {
  return registry.get(kind);
}

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for multipart. */
  body?: unknown;
  /** The version the write was based on, sent as `If-Match: W/"<version>"` (a stale one gets 412). */
  ifMatch?: number | null;
}

/** A sender's request: the API with cookies and language, and the row's id as `Idempotency-Key`. */
export function sendOutboxRequest(row: OutboxRow, path: string, { method, body, ifMatch }: OutboxRequest, { signal }: SendContext) {
  const headers: Record<string, string> = { 'Idempotency-Key': row.id };
  if (ifMatch != null) headers['If-Match'] = `W/"${ifMatch}"`;
  return sendRequest(path, { method, body, headers, signal });
}
