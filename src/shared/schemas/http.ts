import { z } from 'zod';

/**
 * The HTTP headers of the API (docs/api.md), for the OpenAPI document: the server reads or writes them in
 * code (http/etag.ts, plugins/idempotency.ts, the tus routes), so these describe, they do not validate.
 */
export const Headers = {
  idempotencyKey: z.string().min(8).max(255).describe('Replays the stored answer of a repeated mutation (8 to 255 characters); kept 7 days'),
  ifMatch: z.string().describe('The ETag last read (`W/"7"`) or `*`: a stale one answers 412'),
  etag: z.string().regex(/^W\/"\d+"$/).describe("The resource's version as a weak entity tag"),
  location: z.string().describe('The URL of the created resource'),
  retryAfter: z.string().regex(/^\d+$/).describe('Seconds to wait before retrying'),
  idempotentReplayed: z.literal('true').describe('Present when the answer is the stored one of an earlier request with this Idempotency-Key'),
  allow: z.string().describe('The methods of the path'),
  tusResumable: z.literal('1.0.0').describe('tus protocol version'),
  uploadLength: z.string().regex(/^\d+$/).describe('The whole upload, in bytes'),
  uploadOffset: z.string().regex(/^\d+$/).describe('Bytes received so far'),
  uploadMetadata: z.string().describe('tus metadata: `filename`, `filetype` and `sha256` (hex), each value base64'),
  uploadExpires: z.string().describe('When an unfinished upload is dropped (RFC 9110 date)'),
  tusVersion: z.string().describe('Supported tus versions'),
  tusExtension: z.string().describe('Supported tus extensions'),
  tusMaxSize: z.string().regex(/^\d+$/).describe('Largest upload, in bytes'),
  contentDisposition: z.string().describe('`attachment` with the stored file name'),
  cacheControlNoStore: z.literal('no-store').describe('The answer is about this moment: never cached'),
  lastEventId: z.string().describe('The id of the last `notification` event received: the ones created since are sent first'),
  accountDeleted: z.literal('deleted').describe("`deleted`: this session's account was deleted (issue 30); the client wipes what it keeps of it"),
  wwwAuthenticateReauth: z
    .string()
    .regex(/^DoseHub-Reauth max-age=\d+$/)
    .describe('`DoseHub-Reauth max-age=300`: the session signed in too long ago for this change; POST /users/{uid}/reauthenticate/ with the password, then repeat the request'),
} as const;
