/** One encrypted push message, ready to POST to a push service (web-push's generateRequestDetails). */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** What a push service answered; `status` null when there was no answer (network error, timeout). */
export interface PushResponse {
  status: number | null;
  retryAfter: string | null;
}

/** Sends a push request; replaceable (tests, a proxy). Must not throw except when `signal` aborts. */
export type PushTransport = (request: PushRequest, signal: AbortSignal) => Promise<PushResponse>;

const REQUEST_TIMEOUT_MS = 10_000;

/** fetch (undici); Content-Length is left to fetch, which knows the body's length. */
export const fetchTransport: PushTransport = async ({ endpoint, headers, body }, signal) => {
  const { 'Content-Length': _length, ...rest } = headers;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: rest,
      body: new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: null, retryAfter: null };
  }
};
