import type { z } from 'zod';
import { currentLanguage } from './i18n.ts';
import { clearAuthState } from './session.ts';

export const API_BASE = '/api/v1';
const REFRESH_PATH = '/users/auth/token/refresh/';
/** Calls whose 401 means "wrong credentials" or "no session", never "refresh and retry". */
const NO_REFRESH_PATHS = ['/users/login/', '/users/register/', REFRESH_PATH, '/users/auth/token/logout/'];

/** An error answer of the API: status and the server's translated messages (first one is the one to show). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors[0] ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** Messages of one field ("<field>: <text>" in v1's form), without the prefix. */
  fieldErrors(field: string): string[] {
    const prefix = `${field}: `;
    return this.errors.filter((e) => e.startsWith(prefix)).map((e) => e.slice(prefix.length));
  }

  /** Messages that belong to no field. */
  get generalErrors(): string[] {
    return this.errors.filter((e) => !/^[a-z0-9_.]+: /.test(e));
  }
}

/** The `{"errors": [...]}` of an error answer as an `ApiError` (an empty list when the body is not that shape). */
export async function readApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const errors =
    body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? (body as { errors: unknown[] }).errors.map(String)
      : [];
  return new ApiError(response.status, errors);
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
    (response) => reachabilityListeners.forEach((listener) => listener(response.status < 500)),
    () => signal?.aborted || reachabilityListeners.forEach((listener) => listener(false)),
  );
  return request;
}

/** Told after each API request: true when the server answered (below 500), false when nothing came back. Connectivity listens. */
export const reachabilityListeners = new Set<(reached: boolean) => void>();

const send = sendRequest;

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  const response = await send(REFRESH_PATH, { method: 'POST' }).catch(() => null);
  return response?.ok ?? false;
}

/**
 * One refresh for every request that got a 401 at the same time (and, through Web Locks, for every tab):
 * the server rotates refresh tokens, so parallel refreshes would race.
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

/** Calls the API with cookies and the chosen language, refreshing the session once on 401, and parses the answer with the shared schema. */
export async function apiRequest<T extends z.ZodType>(path: string, schema: T, options: RequestOptions = {}): Promise<z.infer<T>> {
  const response = await fetchWithRefresh(path, options);
  if (!response.ok) throw await readApiError(response);
  if (response.status === 204) return schema.parse(null);
  return schema.parse(await response.json());
}
