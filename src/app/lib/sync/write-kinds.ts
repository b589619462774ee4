import { apiProblemsOf } from '#shared/schemas/api-errors.ts';
import { sendRequest } from '../api-client.ts';
import type { OutboxRow, StoredFile } from '../db.ts';
import type { Answered, DeferReason, Deferred } from './decisions.ts';

/**
 * A write kind ('notification.check', 'calibration.create', ...): how its rows are sent and what happens
 * around them. The app's kinds are one typed map (`app/write-kinds.ts`, built from each entity's
 * declaration), handed over once at sign-in; the drainer, "discard" and the sync indicator look a row's
 * kind up in it.
 */

/** `W/"7"` → 7: the entity version an answer's `ETag` carries. */
export function versionOfEtag(etag: string | null): number | null {
  const match = etag ? /^\s*(?:W\/)?"(\d+)"\s*$/.exec(etag) : null;
  return match ? Number(match[1]) : null;
}

export const defer = (reason: DeferReason, retryAfterMs: number | null = null): Deferred => ({ type: 'deferred', reason, retryAfterMs });

/**
 * The server's answer, read once here: a 2xx gives the kind's typed answer (`accepted`, e.g. the record and
 * its version), anything else its problems as data.
 */
export async function readAnswer<A>(response: Response, accepted: (response: Response) => Promise<A> | A): Promise<Answered<A>> {
  if (response.ok) return { type: 'accepted', status: response.status, answer: await accepted(response) };
  const body: unknown = await response.json().catch(() => null);
  return { type: 'refused', status: response.status, retryAfter: response.headers.get('Retry-After'), problems: apiProblemsOf(body) };
}

/** The answer of a kind whose 2xx carries nothing it uses. */
export const nothing = (): null => null;

export interface SendContext {
  /** Aborted on timeout and when the drainer stops (logout). Pass it to fetch. */
  signal: AbortSignal;
}

/**
 * One write kind. Sending either gets the server's answer, or defers (no request made); throwing means
 * the request never got an answer (network failure, abort). Methods, so a map of differently typed kinds
 * is one type.
 */
export interface WriteKind<P = unknown, A = unknown> {
  send(row: OutboxRow<P>, files: StoredFile[], context: SendContext): Promise<Answered<A> | Deferred>;
  /** HTTP method of the request; a DELETE answered 404 means the thing is already gone (done). */
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Also treat 404/410 as done (e.g. marking a notification that no longer exists as read). */
  goneIsDone?: boolean;
  /** Request timeout in ms (default: 30 s, or 10 min when the row carries files). */
  timeoutMs?: number;
  /** After the server accepted the write: apply its answer here (null: done without one, a DELETE's 404). */
  onDone?(row: OutboxRow<P>, answer: A | null): Promise<void> | void;
  /** After the user dropped writes (discard, take theirs): restore the entity, usually by pulling the server's copy. */
  onDiscard?(rows: OutboxRow<P>[]): Promise<void> | void;
  /** "Keep mine" on a conflict: the payload to send again (e.g. over the server's current version). Without it, the same payload. */
  keepMine?(row: OutboxRow<P>): Promise<P> | P;
  /** What the write is, for the list of writes that need the user (already translated). */
  describe?(row: OutboxRow<P>): string;
}

/** Every write kind the outbox knows, by kind. */
export type WriteKinds = Readonly<Record<string, WriteKind>>;

let kinds: WriteKinds = {};

/** Hands the app's kinds to the outbox (signed-in-runtime.tsx, before the drainer starts; tests their own). Returns the undo. */
export function installWriteKinds(map: WriteKinds) {
  const before = kinds;
  kinds = map;
  return () => {
    if (kinds === map) kinds = before;
  };
}

export const writeKindOf = (kind: string): WriteKind | undefined => (Object.hasOwn(kinds, kind) ? kinds[kind] : undefined);

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
