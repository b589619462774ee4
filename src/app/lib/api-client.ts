import type { z } from 'zod';
import { ACCOUNT_DELETED_HEADER, ACCOUNT_DELETED_VALUE } from '#shared/account-deleted.ts';
import { apiProblemsOf, type ApiProblem } from '#shared/schemas/api-errors.ts';
import { currentLanguage } from './i18n.ts';
import { clearAuthState } from './session.ts';

export const API_BASE = '/api/v1';
const REFRESH_PATH = '/users/auth/token/refresh/';
/** Calls whose 401 means "wrong credentials" or "no session", never "refresh and retry". */
const NO_REFRESH_PATHS = ['/users/login/', '/users/login/second-step/', '/users/login/passkey/options/', '/users/login/passkey/', '/users/register/', REFRESH_PATH, '/users/auth/token/logout/'];

/**
 * An error answer of the API: status and the server's translated messages as data (`problems`, read once by
 * the shared `ApiErrorBody`: each names its field, in camel case, or none; the first one is the one to show).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problems: readonly ApiProblem[],
  ) {
    super(problems[0]?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The messages to show, in the server's order (a field's without its name: the form puts it beside the field). */
  get errors(): string[] {
    return this.problems.map((problem) => problem.message);
  }

  /** Messages of one field (camel case, as the shared schemas name it). */
  fieldErrors(field: string): string[] {
    return this.problems.filter((problem) => problem.field === field).map((problem) => problem.message);
  }

  /** Messages that belong to no field. */
  get generalErrors(): string[] {
    return this.problems.filter((problem) => problem.field === undefined).map((problem) => problem.message);
  }
}

/** The `{"errors": [...]}` of an error answer as an `ApiError` (no problems when the body is not that shape). */
export async function readApiError(response: Response): Promise<ApiError> {
  return new ApiError(response.status, apiProblemsOf(await response.json().catch(() => null)));
}

interface RequestOptions {
  method?: string;
  /** JSON-encoded, except FormData (multipart) and Blob, which go as they are. */
  body?: unknown;
  /** Extra headers (e.g. `Idempotency-Key`, `If-Match`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isRawBody(body: unknown): body is FormData | Blob {
  return (typeof FormData !== 'undefined' && body instanceof FormData) || (typeof Blob !== 'undefined' && body instanceof Blob);
}

/**
 * One request to the API with cookies and the chosen language, nothing more: no refresh on 401 and
 * no parsing. The outbox drainer uses it, as it decides itself what each status means.
 */
export function sendRequest(path: string, { method = 'GET', body, headers: extra, signal }: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...extra };
  const raw = isRawBody(body);
  // A multipart body sets its own Content-Type (with the boundary).
  if (body !== undefined && !raw) headers['Content-Type'] = 'application/json';
  const request = fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    signal,
  });
  request.then(
    (response) => {
      reachabilityListeners.forEach((listener) => listener(response.status < 500));
      if (response.status === 401 && response.headers.get(ACCOUNT_DELETED_HEADER) === ACCOUNT_DELETED_VALUE) tellAccountDeleted();
    },
    () => signal?.aborted || reachabilityListeners.forEach((listener) => listener(false)),
  );
  return request;
}

/** Told after each API request: true when the server answered (below 500), false when nothing came back. Connectivity listens. */
export const reachabilityListeners = new Set<(reached: boolean) => void>();

const accountDeletedListeners = new Set<() => void>();
let accountDeletedHeard = false;

function tellAccountDeleted() {
  accountDeletedHeard = true;
  accountDeletedListeners.forEach((listener) => listener());
}

/**
 * Tells `listener` when an answer says this session's account was deleted (issue 30): the signed-in runtime then
 * wipes this browser's data. The runtime's chunk loads while the first route's requests are on their way: a
 * listener added after such an answer came is told at once (else the failed refresh's sign-in page would be the
 * last word, and a reload, signed out, would never learn of the deletion).
 */
export function onAccountDeleted(listener: () => void): () => void {
  accountDeletedListeners.add(listener);
  if (accountDeletedHeard) listener();
  return () => accountDeletedListeners.delete(listener);
}

const send = sendRequest;

let refreshing: Promise<boolean> | null = null;

/**
 * The refresh got no verdict: no answer (offline, the page unloading), or the server could not give one (5xx, 429).
 * A TypeError, as fetch's own "no answer" is: the screens and the outbox treat it as a failed connection.
 */
class RefreshUnanswered extends TypeError {
  constructor(readonly status: number | null) {
    super(status === null ? 'The session refresh got no answer' : `The session refresh got HTTP ${status}`);
    this.name = 'RefreshUnanswered';
  }
}

async function refreshOnce(): Promise<boolean> {
  const response = await send(REFRESH_PATH, { method: 'POST' }).catch(() => {
    throw new RefreshUnanswered(null);
  });
  if (response.ok) return true;
  if (response.status === 401) return false;
  throw new RefreshUnanswered(response.status);
}

/**
 * One refresh for every request that got a 401 at the same time (and, through Web Locks, for every tab):
 * the server rotates refresh tokens, so parallel refreshes would race. True: refreshed; false: the server refused
 * it (the session is over). Without the server's verdict it rejects with `RefreshUnanswered`, which ends nothing: a
 * refresh cut by a dropped network or a reload once signed the user out (the next page found the session cookies gone).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('dosehub-session-refresh', refreshOnce)
      : refreshOnce()
  ).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A 401 that refresh could not cure: the session is over (docs/product.md §4). */
export const sessionEndedListeners = new Set<() => void>();

export function endSession() {
  clearAuthState();
  sessionEndedListeners.forEach((listener) => listener());
}

/** Rejects as the request would without an answer when the refresh gets none (`RefreshUnanswered`). */
async function fetchWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  const response = await send(path, options);
  if (response.status !== 401 || NO_REFRESH_PATHS.includes(path)) return response;
  if (!(await refreshSession())) {
    endSession();
    return response;
  }
  const retried = await send(path, options);
  if (retried.status === 401) endSession();
  return retried;
}

/** The 403 of a change that needs a recent sign-in (issue 31): the server's `WWW-Authenticate: DoseHub-Reauth` challenge. */
const needsReauthentication = (response: Response) =>
  response.status === 403 && /^DoseHub-Reauth\b/.test(response.headers.get('WWW-Authenticate') ?? '');

/**
 * How the app asks the user to confirm who they are (the password dialog of the signed-in pages): true once the
 * session is fresh again, false when they cancel. Unset, such a 403 is an error like any other.
 */
export const reauthentication: { confirm: (() => Promise<boolean>) | null } = { confirm: null };

/**
 * Calls the API with cookies and the chosen language, refreshing the session once on 401 and, on a re-authentication
 * challenge, repeating the request once after the user confirmed their password; parses the answer with the shared schema.
 */
export async function apiRequest<T extends z.ZodType>(path: string, schema: T, options: RequestOptions = {}): Promise<z.infer<T>> {
  let response = await fetchWithRefresh(path, options);
  if (needsReauthentication(response) && (await reauthentication.confirm?.())) response = await fetchWithRefresh(path, options);
  if (!response.ok) throw await readApiError(response);
  if (response.status === 204) return schema.parse(null);
  return schema.parse(await response.json());
}
