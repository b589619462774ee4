/**
 * A failure of the store that holds uploads (S3 or the disk), told apart from our own bugs: the client gets 503
 * with Retry-After (try again, the upload resumes) instead of 500, and the log says what the store answered.
 */
export interface StoreFailure {
  /** S3's error code (`MissingContentLength`, `NoSuchBucket`, `SlowDown`…) or the system's (`ECONNREFUSED`). */
  code: string;
  /** The HTTP status S3 answered; absent when no answer came. */
  httpStatus?: number;
  /** S3's request id (`x-amz-request-id`), to find the request in the store's own logs. */
  requestId?: string;
}

/** Seconds a client waits before trying again after a store failure. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** Network and disk errors: the store is unreachable, full or read-only, not our code wrong. */
const SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ENOSPC', 'EROFS', 'EIO', 'EDQUOT']);

interface SdkError {
  name?: string;
  Code?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number; requestId?: string };
  cause?: unknown;
}

/** What the store answered, when `error` (or its cause) is a store's failure; null for anything else. */
export function storeFailureOf(error: unknown): StoreFailure | null {
  for (let e = error as SdkError | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as SdkError, depth++) {
    // An AWS SDK error: the service answered (S3 code and status) or the SDK gave up (TimeoutError, network).
    if (e.$metadata) {
      const code = e.Code ?? (e.code && SYSTEM_CODES.has(e.code) ? e.code : e.name) ?? 'UnknownError';
      return { code, httpStatus: e.$metadata.httpStatusCode, requestId: e.$metadata.requestId };
    }
    if (typeof e.code === 'string' && SYSTEM_CODES.has(e.code)) return { code: e.code };
    if (e.name === 'TimeoutError') return { code: e.name };
  }
  return null;
}
