import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { NotPublicAddressError, isPublicAddress, publicOnlyLookup } from './public-address.ts';

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
/** What a refused address is reported as: the subscription is gone (removed), not worth retrying. */
const NOT_PUBLIC: PushResponse = { status: 410, retryAfter: null };

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * POSTs with node:http(s). With `publicOnly`, the socket connects only to public addresses (the check is
 * in its DNS lookup, so it holds for the address actually used); a refused address answers as a 410.
 */
export function pushTransport({ publicOnly }: { publicOnly: boolean }): PushTransport {
  return ({ endpoint, headers, body }, signal) =>
    new Promise((resolve, reject) => {
      const url = new URL(endpoint);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (publicOnly && isIP(host) && !isPublicAddress(host)) return resolve(NOT_PUBLIC);
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': body.length },
          signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
          ...(publicOnly && { lookup: publicOnlyLookup }),
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? null, retryAfter: headerText(response.headers['retry-after']) }));
          response.on('error', () => resolve({ status: null, retryAfter: null }));
        },
      );
      request.on('error', (error) => {
        if (signal.aborted) reject(error);
        else resolve(error instanceof NotPublicAddressError ? NOT_PUBLIC : { status: null, retryAfter: null });
      });
      request.end(body);
    });
}
